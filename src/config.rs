//! `paygate.toml`: the serve options in a file, below flags and environment.
//!
//! Precedence is flags > environment > file > built-in defaults. clap already
//! resolves flags, environment and defaults; the file slots in by becoming the
//! *default* of every option it names, so a flag or a variable still wins and
//! there is one parser (clap's) for every value, wherever it came from.
//!
//! The file is flat: each key is a `serve` flag's name with underscores
//! (`--body-timeout-secs` is `body_timeout_secs`), plus `log_format`. A key
//! that is no option, or a value its option refuses, stops the start with the
//! file, the line and the key: a typo must not silently run the defaults.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

use clap::parser::ValueSource;
use clap::{ArgMatches, Command};

/// Where the file is looked for when neither `--config` nor `PAYGATE_CONFIG` names one.
pub const DEFAULT_PATHS: [&str; 2] = ["/etc/paygate/paygate.toml", "paygate.toml"];
/// A configuration file is read whole; larger is refused.
const FILE_BYTES_MAX: u64 = 1 << 20;
/// The subcommand whose options the file sets.
const SERVE: &str = "serve";
/// Options that are no configuration: the file's own path, and clap's.
const NOT_IN_FILE: [&str; 3] = ["config", "help", "version"];
/// Printed instead of the value of an option whose name says it holds a secret.
pub const MASK: &str = "********";

/// One key of the file, checked against its option.
#[derive(Debug, Clone)]
pub struct Entry {
    pub value: String,
    pub line: usize,
}

/// A configuration file, read and checked.
#[derive(Debug, Clone)]
pub struct File {
    pub path: PathBuf,
    pub entries: BTreeMap<String, Entry>,
}

/// Why the command line could not be resolved.
#[derive(Debug)]
pub enum Error {
    /// clap's own (also `--help` and `--version`): [`clap::Error::exit`] prints it.
    Cli(clap::Error),
    /// The configuration file: missing, unreadable, or a key or value refused.
    File(String),
}

impl From<clap::Error> for Error {
    fn from(error: clap::Error) -> Error {
        Error::Cli(error)
    }
}

/// The matches of `args`, with the configuration file's values as the
/// defaults of `serve`'s options when the command is `serve`.
pub fn matches(command: &Command, args: &[OsString]) -> Result<(ArgMatches, Option<File>), Error> {
    let first = command.clone().try_get_matches_from(args)?;
    let Some((SERVE, serve)) = first.subcommand() else {
        return Ok((first, None));
    };
    let Some(path) = path_of(serve.get_one::<PathBuf>("config"))? else {
        return Ok((first, None));
    };
    let file = load(command, &path)?;
    let overrides: Vec<(&String, &Entry)> = file
        .entries
        .iter()
        .filter(|(key, _)| !given(&first, serve, key))
        .collect();
    if overrides.is_empty() {
        return Ok((first, Some(file)));
    }
    let mut command = command.clone();
    for (key, entry) in overrides {
        command = with_default(command, key, &entry.value);
    }
    Ok((command.try_get_matches_from(args)?, Some(file)))
}

/// True when a flag or an environment variable set `key` (they beat the file).
fn given(root: &ArgMatches, serve: &ArgMatches, key: &str) -> bool {
    let source = if is_serve_option(key) {
        serve.value_source(key)
    } else {
        root.value_source(key)
    };
    matches!(
        source,
        Some(ValueSource::CommandLine | ValueSource::EnvVariable)
    )
}

/// Options of the whole command line (`paygate --NAME`), not of `serve`.
const GLOBAL_OPTIONS: [&str; 2] = ["log_format", "store"];

fn is_serve_option(key: &str) -> bool {
    !GLOBAL_OPTIONS.contains(&key)
}

fn with_default(command: Command, key: &str, value: &str) -> Command {
    let value = value.to_string();
    if is_serve_option(key) {
        command.mut_subcommand(SERVE, |serve| {
            serve.mut_arg(key, |arg| arg.default_value(value))
        })
    } else {
        command.mut_arg(key, |arg| arg.default_value(value))
    }
}

/// The file to read: the one named, else the first of [`DEFAULT_PATHS`] that exists.
pub fn path_of(named: Option<&PathBuf>) -> Result<Option<PathBuf>, Error> {
    match named {
        Some(path) if path.is_file() || path == Path::new("/dev/null") => Ok(Some(path.clone())),
        Some(path) => Err(Error::File(format!(
            "{}: no such configuration file (given by --config or PAYGATE_CONFIG)",
            path.display()
        ))),
        None => Ok(DEFAULT_PATHS
            .iter()
            .map(PathBuf::from)
            .find(|path| path.is_file())),
    }
}

/// Reads `path` and checks every key and value against `command`'s options.
pub fn load(command: &Command, path: &Path) -> Result<File, Error> {
    let shown = path.display();
    let size = std::fs::metadata(path)
        .map_err(|e| Error::File(format!("{shown}: cannot read: {e}")))?
        .len();
    if size > FILE_BYTES_MAX {
        return Err(Error::File(format!("{shown}: larger than 1 MiB")));
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| Error::File(format!("{shown}: cannot read: {e}")))?;
    let entries = parse(command, &text).map_err(|e| Error::File(format!("{shown}:{e}")))?;
    Ok(File {
        path: path.to_path_buf(),
        entries,
    })
}

/// The checked entries of a file's text; an error reads `<line>: <why>`.
pub fn parse(command: &Command, text: &str) -> Result<BTreeMap<String, Entry>, String> {
    let table: BTreeMap<toml::Spanned<String>, toml::Spanned<toml::Value>> = toml::from_str(text)
        .map_err(|e| {
        let line = e.span().map_or(1, |span| line_of(text, span.start));
        format!("{line}: not valid TOML: {}", e.message())
    })?;
    let mut command = command.clone();
    command.build();
    let mut entries = BTreeMap::new();
    for (key, value) in table {
        let line = line_of(text, key.span().start);
        let key = key.into_inner();
        let value =
            check(&command, &key, value.get_ref()).map_err(|why| format!("{line}: {why}"))?;
        entries.insert(key, Entry { value, line });
    }
    Ok(entries)
}

/// The option's value as clap reads it, once its own parser accepted it.
fn check(command: &Command, key: &str, value: &toml::Value) -> Result<String, String> {
    let serve = command
        .find_subcommand(SERVE)
        .ok_or("the serve command is missing")?;
    let Some(arg) = option(serve, key).or_else(|| global_option(command, key)) else {
        return Err(unknown(serve, key));
    };
    let text = match value {
        toml::Value::String(s) => s.clone(),
        toml::Value::Integer(n) => n.to_string(),
        toml::Value::Boolean(b) => b.to_string(),
        other => {
            return Err(format!(
                "{key} must be a string, an integer or a boolean (got a {})",
                other.type_str()
            ));
        }
    };
    probe(arg, key, &text).map_err(|e| format!("{key} = {value}: {}", clap_reason(&e)))?;
    Ok(text)
}

/// Parses `text` with `arg`'s own value parser, in a command of that one
/// option taking one value (a switch such as `ephemeral` then reads a boolean).
fn probe(arg: &clap::Arg, key: &str, text: &str) -> Result<(), clap::Error> {
    let probe = arg
        .clone()
        .long(key.to_string())
        .short(None)
        .action(clap::ArgAction::Set)
        .num_args(1)
        .required(false)
        .global(false);
    Command::new("paygate.toml")
        .no_binary_name(true)
        .arg(probe)
        .try_get_matches_from([format!("--{key}={text}")])
        .map(drop)
}

fn option<'a>(serve: &'a Command, key: &str) -> Option<&'a clap::Arg> {
    serve
        .get_arguments()
        .find(|arg| arg.get_id() == key && !arg.is_hide_set() && !NOT_IN_FILE.contains(&key))
}

fn global_option<'a>(root: &'a Command, key: &str) -> Option<&'a clap::Arg> {
    root.get_arguments()
        .find(|arg| arg.get_id() == key && !is_serve_option(key))
}

fn unknown(serve: &Command, key: &str) -> String {
    let snake = key.replace('-', "_");
    match option(serve, &snake) {
        Some(_) => format!("{key} is not a configuration key; did you mean {snake}?"),
        None => format!(
            "{key} is not a configuration key (keys are the serve flags with underscores: \
             `paygate config show` lists them)"
        ),
    }
}

/// Why clap refused a value: the parser's own words, the values allowed, or
/// the first line of clap's message.
fn clap_reason(error: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue};
    if let Some(source) = std::error::Error::source(error) {
        return source.to_string();
    }
    if let Some(ContextValue::Strings(valid)) = error.get(ContextKind::ValidValue) {
        return format!("must be one of {}", valid.join(", "));
    }
    let rendered = error.render().to_string();
    let first = rendered.lines().next().unwrap_or_default();
    first.trim_start_matches("error: ").to_string()
}

/// 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text.get(..offset)
        .map_or(1, |before| before.matches('\n').count() + 1)
}

/// Where an effective value came from.
pub fn source_of(matches: &ArgMatches, file: Option<&File>, key: &str) -> &'static str {
    match matches.value_source(key) {
        Some(ValueSource::CommandLine) => "flag",
        Some(ValueSource::EnvVariable) => "environment",
        _ if file.is_some_and(|f| f.entries.contains_key(key)) => "file",
        Some(_) => "default",
        None => "unset",
    }
}

/// True when an option's name says it holds a secret: its value is never printed.
pub fn is_secret(key: &str) -> bool {
    [
        "secret",
        "password",
        "token",
        "pin",
        "private_key",
        "credential",
    ]
    .iter()
    .any(|word| {
        key.split('_').any(|part| part == *word) || key.contains(word) && word.contains('_')
    })
}

/// The effective serve configuration as TOML, one key a line with its source
/// in a comment, secrets masked.
pub fn show(root: &ArgMatches, serve_command: &Command, file: Option<&File>) -> String {
    let Some((SERVE, serve)) = root.subcommand() else {
        return String::new();
    };
    let mut out = match file {
        Some(file) => format!("# file: {}\n", file.path.display()),
        None => "# file: none\n".to_string(),
    };
    let keys = GLOBAL_OPTIONS.iter().map(|key| key.to_string()).chain(
        serve_command
            .get_arguments()
            .filter(|arg| !arg.is_hide_set() && !NOT_IN_FILE.contains(&arg.get_id().as_str()))
            .map(|arg| arg.get_id().to_string()),
    );
    for key in keys {
        let matches = if is_serve_option(&key) { serve } else { root };
        let source = match (source_of(matches, file, &key), file) {
            ("file", Some(file)) => format!("file, line {}", file.entries[&key].line),
            (source, _) => source.to_string(),
        };
        let raw = matches
            .get_raw(&key)
            .and_then(|mut values| values.next())
            .map(|value| value.to_string_lossy().into_owned());
        let line = match raw {
            None => format!("# {key} is not set\n"),
            Some(_) if is_secret(&key) => format!("{key} = \"{MASK}\"  # {source}\n"),
            // A PostgreSQL URL may carry a password.
            Some(value) if key == "store" => format!(
                "{key} = {}  # {source}\n",
                toml_value(&crate::store::pg::redacted(&value))
            ),
            Some(value) => format!("{key} = {}  # {source}\n", toml_value(&value)),
        };
        out.push_str(&line);
    }
    out
}

/// A value as TOML: integers and booleans bare, everything else a string.
fn toml_value(raw: &str) -> String {
    if raw == "true" || raw == "false" || raw.parse::<i64>().is_ok() {
        raw.to_string()
    } else {
        toml::Value::String(raw.to_string()).to_string()
    }
}

#[cfg(test)]
mod tests {
    use clap::{Arg, ArgAction};

    use super::*;

    fn command() -> Command {
        Command::new("paygate")
            .arg(
                Arg::new("log_format")
                    .long("log-format")
                    .global(true)
                    .value_parser(["text", "json"])
                    .default_value("text"),
            )
            .subcommand(
                Command::new(SERVE)
                    .arg(
                        Arg::new("config")
                            .long("config")
                            .value_parser(clap::value_parser!(PathBuf)),
                    )
                    .arg(
                        Arg::new("listen")
                            .long("listen")
                            .env("PAYGATE_TEST_CONFIG_LISTEN")
                            .value_parser(clap::value_parser!(std::net::SocketAddr))
                            .default_value("127.0.0.1:8080"),
                    )
                    .arg(
                        Arg::new("cache_mib")
                            .long("cache-mib")
                            .value_parser(clap::value_parser!(u64).range(16..=1024)),
                    )
                    .arg(
                        Arg::new("ephemeral")
                            .long("ephemeral")
                            .action(ArgAction::SetTrue),
                    )
                    .arg(Arg::new("hidden_knob").long("hidden-knob").hide(true)),
            )
    }

    #[test]
    fn a_file_value_is_checked_by_the_options_own_parser() {
        let entries = parse(
            &command(),
            "listen = \"0.0.0.0:9000\"\ncache_mib = 64\nephemeral = true\n",
        )
        .expect("valid");
        assert_eq!(entries["listen"].value, "0.0.0.0:9000");
        assert_eq!(entries["cache_mib"].line, 2);
        assert_eq!(entries["ephemeral"].value, "true");
        let err =
            parse(&command(), "listen = \"0.0.0.0:9000\"\n\ncache_mib = 1\n").expect_err("range");
        assert!(err.starts_with("3: cache_mib = 1:"), "{err}");
        let err = parse(&command(), "listen = \"nowhere\"\n").expect_err("address");
        assert!(err.starts_with("1: listen"), "{err}");
    }

    #[test]
    fn unknown_hidden_and_misspelt_keys_are_refused_with_their_line() {
        // (the file, what its error says)
        let cases = [
            (
                "# a comment\nlisten_on = \"x\"\n",
                "2: listen_on is not a configuration key",
            ),
            ("cache-mib = 64\n", "did you mean cache_mib?"),
            (
                "hidden_knob = \"1\"\n",
                "hidden_knob is not a configuration key",
            ),
            ("config = \"/x\"\n", "config is not a configuration key"),
            (
                "listen = [1]\n",
                "must be a string, an integer or a boolean",
            ),
            ("listen = \n", "1: not valid TOML"),
        ];
        for (file, says) in cases {
            let err = parse(&command(), file).expect_err(file);
            // A line number is where the message starts.
            let found = if says.starts_with(|c: char| c.is_ascii_digit()) {
                err.starts_with(says)
            } else {
                err.contains(says)
            };
            assert!(found, "{file:?}: {err}");
        }
    }

    #[test]
    fn flags_and_environment_beat_the_file_which_beats_defaults() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("paygate.toml");
        std::fs::write(
            &path,
            "listen = \"127.0.0.2:1\"\ncache_mib = 64\nlog_format = \"json\"\n",
        )
        .expect("write");
        let args = |extra: &[&str]| -> Vec<OsString> {
            [
                "paygate",
                "serve",
                "--config",
                path.to_str().expect("utf-8"),
            ]
            .iter()
            .chain(extra)
            .map(OsString::from)
            .collect()
        };
        let listen = |serve: &ArgMatches| {
            serve
                .get_one::<std::net::SocketAddr>("listen")
                .expect("listen")
                .to_string()
        };
        let (m, file) = matches(&command(), &args(&[])).expect("resolve");
        let serve = m.subcommand_matches(SERVE).expect("serve");
        assert_eq!(listen(serve), "127.0.0.2:1");
        assert_eq!(source_of(serve, file.as_ref(), "listen"), "file");
        assert_eq!(
            m.get_one::<String>("log_format").map(String::as_str),
            Some("json")
        );
        assert!(!serve.get_flag("ephemeral"));
        assert_eq!(source_of(serve, file.as_ref(), "ephemeral"), "default");
        let (m, file) = matches(&command(), &args(&["--listen", "127.0.0.3:1"])).expect("resolve");
        let serve = m.subcommand_matches(SERVE).expect("serve");
        assert_eq!(listen(serve), "127.0.0.3:1");
        assert_eq!(source_of(serve, file.as_ref(), "listen"), "flag");
        assert_eq!(*serve.get_one::<u64>("cache_mib").expect("cache"), 64);
    }

    #[test]
    fn a_named_file_that_is_missing_is_an_error_and_none_named_is_no_file() {
        let missing = PathBuf::from("/nonexistent/paygate.toml");
        assert!(
            matches!(path_of(Some(&missing)), Err(Error::File(m)) if m.contains("no such configuration file"))
        );
        assert_eq!(
            path_of(Some(&PathBuf::from("/dev/null"))).ok().flatten(),
            Some(PathBuf::from("/dev/null"))
        );
    }

    #[test]
    fn secrets_are_told_by_their_name() {
        for key in [
            "webhook_secret",
            "owner_password",
            "metrics_token",
            "owner_pin",
            "rail_private_key",
        ] {
            assert!(is_secret(key), "{key}");
        }
        for key in [
            "listen",
            "public_url",
            "header_prefix",
            "data_dir",
            "max_connections",
            "pinned",
        ] {
            assert!(!is_secret(key), "{key}");
        }
    }
}
