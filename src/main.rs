//! paygate: a payment gateway and money-movement API in one binary.
//! See README.md to start, docs/architecture.md for how it fits together.

mod auth;
mod backup;
mod cli;
mod clock;
mod config;
mod currency;
mod domain;
mod error;
mod events;
mod fields;
#[cfg(test)]
mod fuzz;
mod guardian;
mod headers;
mod http;
mod ids;
mod ledger;
mod lifecycle;
mod listen;
mod memory;
mod metrics;
mod mode;
mod net;
mod offline;
mod outbox;
mod qr;
mod rails;
mod scheduler;
mod secrets;
mod server;
mod sim;
mod store;

/// mimalloc instead of glibc's malloc: a create allocates and frees hundreds of
/// small buffers on the writer thread, and glibc's free and consolidation were
/// a tenth of that thread's time (bench/README.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    cli::run()
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// `docs/architecture.md` is the map of `src/`: every top-level module
    /// has its row (`src/x.rs` or `src/x/`), and every module one level down
    /// is named in its directory's row (`y.rs` or `y/`), so a new module
    /// cannot land without a place on the map.
    #[test]
    fn architecture_names_every_module() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let map = std::fs::read_to_string(root.join("docs/architecture.md")).expect("map");
        let row_of = |dir: &str| {
            map.lines()
                .find(|l| l.starts_with(&format!("| `src/{dir}/`")))
                .unwrap_or_else(|| panic!("docs/architecture.md has no row for src/{dir}/"))
                .to_string()
        };
        let mut missing = Vec::new();
        for entry in std::fs::read_dir(root.join("src")).expect("src") {
            let path = entry.expect("entry").path();
            let name = path.file_name().and_then(|n| n.to_str()).expect("name");
            if path.is_dir() {
                let row = row_of(name);
                for child in std::fs::read_dir(&path).expect("dir") {
                    let child = child.expect("entry").path();
                    let file = child.file_name().and_then(|n| n.to_str()).expect("name");
                    let named = if child.is_dir() {
                        format!("`{file}/")
                    } else if let Some(stem) = file.strip_suffix(".rs") {
                        if stem == "mod" || stem == "tests" {
                            continue;
                        }
                        format!("`{file}")
                    } else {
                        continue;
                    };
                    let spelled = format!("`src/{name}/{}", &named[1..]);
                    if !row.contains(&named) && !map.contains(&spelled) {
                        missing.push(format!("src/{name}/{file}"));
                    }
                }
            } else if name.ends_with(".rs") && !map.contains(&format!("`src/{name}`")) {
                missing.push(format!("src/{name}"));
            }
        }
        assert!(
            missing.is_empty(),
            "docs/architecture.md does not name: {missing:?}"
        );
    }
}
