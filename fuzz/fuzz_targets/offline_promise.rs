//! Fuzzes the offline promise parser: no input may panic, and whatever
//! parses encodes back to the same string byte for byte (the signatures and
//! the SHA-256 that dedupes a promise are over the string as sent), with
//! `offline::promise::check_properties`.
//!
//! The parser depends on nothing but `std`, so its source is included as it
//! is (the gateway is a binary crate without a library to link against).
//! The suite's bounded run of the same properties is
//! `offline::promise::tests::the_parser_keeps_its_properties_on_50k_mutated_inputs`.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../src/offline/promise.rs"]
#[allow(dead_code)]
mod promise;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    promise::check_properties(text);
});
