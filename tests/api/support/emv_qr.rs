//! EMVCo merchant-presented QR payloads, as the tests build and check them.

/// The CRC of an EMVCo QR payload (CRC-16/CCITT-FALSE: polynomial 0x1021,
/// initial value 0xFFFF), over everything up to and including `6304`.
pub fn crc16(bytes: &[u8]) -> u16 {
    let mut crc: u16 = 0xFFFF;
    for &b in bytes {
        crc ^= u16::from(b) << 8;
        for _ in 0..8 {
            crc = if crc & 0x8000 != 0 {
                (crc << 1) ^ 0x1021
            } else {
                crc << 1
            };
        }
    }
    crc
}
