//! Tuning mode from the environment: `CHARIOT_TUNE=1` switches on what `chariot uci --tune`
//! does, for harnesses such as OpenBench that start the engine without arguments.

use std::ffi::OsStr;

/// The environment variable that switches tuning mode on.
pub const TUNE_ENV: &str = "CHARIOT_TUNE";

/// Whether a value of [`TUNE_ENV`] asks for tuning mode: `1`, `true`, `yes`, `on` do;
/// unset, empty, `0`, `false`, `no`, `off` do not (case ignored, spaces trimmed). Any other
/// value is an error naming it, rather than a guess either way.
pub fn tune_from_env(value: Option<&OsStr>) -> Result<bool, String> {
    let Some(value) = value else {
        return Ok(false);
    };
    let text = value.to_string_lossy();
    match text.trim().to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" | "on" => Ok(true),
        "" | "0" | "false" | "no" | "off" => Ok(false),
        _ => Err(format!(
            "{TUNE_ENV} must be 1 (tuning mode) or 0 (not), not `{}`",
            text.chars().take(40).collect::<String>()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn on_off_and_refused_values() {
        let read = |v: &str| tune_from_env(Some(OsStr::new(v)));
        assert_eq!(tune_from_env(None), Ok(false));
        for on in ["1", "true", " YES ", "On"] {
            assert_eq!(read(on), Ok(true), "{on}");
        }
        for off in ["", "0", "false", "No", "off"] {
            assert_eq!(read(off), Ok(false), "{off}");
        }
        let err = read("2").unwrap_err();
        assert!(err.contains("CHARIOT_TUNE") && err.contains("`2`"), "{err}");
    }
}
