//! Environment variables that change what code a program loads or runs, whatever its command
//! line says: `NODE_OPTIONS=--require /tmp/x.js` turns `npx some-server` into a run of
//! `/tmp/x.js`. The one list Lode flags them by, in the import preview (window and CLI).

/// Variables named exactly so.
const EXACT: &[&str] = &[
    // Where programs are looked up: the command itself may be someone else's.
    "PATH",
    "PATHEXT",
    // Node.js
    "NODE_OPTIONS",
    "NODE_PATH",
    "NODE_REPL_EXTERNAL_MODULE",
    "NODE_EXTRA_CA_CERTS",
    "ELECTRON_RUN_AS_NODE",
    // Python
    "PYTHONPATH",
    "PYTHONSTARTUP",
    "PYTHONHOME",
    "PYTHONUSERBASE",
    "PYTHONBREAKPOINT",
    "PYTHONINSPECT",
    "PYTHONEXECUTABLE",
    "PIP_INDEX_URL",
    "PIP_EXTRA_INDEX_URL",
    "UV_INDEX_URL",
    "UV_EXTRA_INDEX_URL",
    "UV_DEFAULT_INDEX",
    "UV_INDEX",
    // Perl, Ruby, PHP, Lua
    "PERL5OPT",
    "PERL5LIB",
    "PERLLIB",
    "PERL5DB",
    "RUBYOPT",
    "RUBYLIB",
    "PHPRC",
    "PHP_INI_SCAN_DIR",
    "LUA_PATH",
    "LUA_CPATH",
    "LUA_INIT",
    // Java and .NET
    "JAVA_TOOL_OPTIONS",
    "_JAVA_OPTIONS",
    "JDK_JAVA_OPTIONS",
    "CLASSPATH",
    "DOTNET_STARTUP_HOOKS",
    "DOTNET_ADDITIONAL_DEPS",
    // Go (`go run` fetches through these)
    "GOFLAGS",
    "GOPROXY",
    // Shells run these files (or commands) when they start.
    "BASH_ENV",
    "ENV",
    "ZDOTDIR",
    "PROMPT_COMMAND",
    "SHELLOPTS",
    "BASHOPTS",
    // Git runs these programs.
    "GIT_SSH_COMMAND",
    "GIT_SSH",
    "GIT_EXEC_PATH",
    "GIT_ASKPASS",
    // glibc loads modules from here.
    "GCONV_PATH",
];

/// Variables whose name starts so: the dynamic loaders' (`LD_PRELOAD`, `LD_AUDIT`,
/// `DYLD_INSERT_LIBRARIES`, …), npm's configuration (`npm_config_registry` changes what `npx`
/// downloads), profilers the .NET runtime loads, and Bash's exported functions.
const PREFIXES: &[&str] = &[
    "LD_",
    "DYLD_",
    "NPM_CONFIG_",
    "CORECLR_",
    "COR_PROFILER",
    "COMPlus_",
    "DOTNET_",
    "BASH_FUNC_",
];

/// Whether the variable `name` changes what code a program loads or runs. Names are compared
/// without regard to case: Windows treats `Path` and `PATH` as one.
pub fn loads_code(name: &str) -> bool {
    let name = name.trim().to_ascii_uppercase();
    EXACT.iter().any(|exact| name == *exact)
        || PREFIXES
            .iter()
            .any(|prefix| name.starts_with(&prefix.to_ascii_uppercase()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runtime_loading_variables_are_flagged() {
        for name in [
            "NODE_OPTIONS",
            "LD_PRELOAD",
            "LD_LIBRARY_PATH",
            "LD_AUDIT",
            "DYLD_INSERT_LIBRARIES",
            "DYLD_LIBRARY_PATH",
            "PYTHONPATH",
            "PYTHONSTARTUP",
            "PYTHONHOME",
            "PATH",
            "Path",
            "PERL5OPT",
            "PERL5LIB",
            "RUBYOPT",
            "RUBYLIB",
            "JAVA_TOOL_OPTIONS",
            "_JAVA_OPTIONS",
            "JDK_JAVA_OPTIONS",
            "NODE_PATH",
            "BASH_ENV",
            "ENV",
            "npm_config_registry",
            "BASH_FUNC_ls%%",
            " node_options ",
        ] {
            assert!(loads_code(name), "{name}");
        }
    }

    #[test]
    fn ordinary_variables_are_not() {
        for name in [
            "GITHUB_TOKEN",
            "LOG_LEVEL",
            "NODE_ENV",
            "HOME",
            "LANG",
            "ENVIRONMENT",
            "MY_PATH",
            "PATHS",
            "OLD_PRELOAD",
            "",
        ] {
            assert!(!loads_code(name), "{name}");
        }
    }
}
