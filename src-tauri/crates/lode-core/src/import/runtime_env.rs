//! Environment variables that change what code a program loads or runs, whatever its command
//! line says: `NODE_OPTIONS=--require /tmp/x.js` turns `npx some-server` into a run of
//! `/tmp/x.js`. The one list Lode flags them by, in the import preview (window and CLI) and in
//! the confirmations before a program runs (plain and secret variables alike).

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
    // `PYTHONWARNINGS=ignore::some.module.Class` imports `some.module`.
    "PYTHONWARNINGS",
    "UV_INDEX_URL",
    "UV_EXTRA_INDEX_URL",
    "UV_DEFAULT_INDEX",
    "UV_INDEX",
    "UV_FIND_LINKS",
    "UV_CONFIG_FILE",
    "UV_PYTHON",
    // Other package managers' registries: what `yarn dlx` or `bunx` downloads.
    "YARN_REGISTRY",
    "YARN_NPM_REGISTRY_SERVER",
    "BUN_CONFIG_REGISTRY",
    // Which certificates are trusted: a download through someone else's proxy.
    "SSL_CERT_FILE",
    "SSL_CERT_DIR",
    "REQUESTS_CA_BUNDLE",
    "CURL_CA_BUNDLE",
    // Perl, Ruby, PHP, Lua
    "PERL5OPT",
    "PERL5LIB",
    "PERLLIB",
    "PERL5DB",
    "RUBYOPT",
    "RUBYLIB",
    "GEM_HOME",
    "GEM_PATH",
    "BUNDLE_GEMFILE",
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
    "GOTOOLCHAIN",
    "GOSUMDB",
    "GONOSUMDB",
    "GOINSECURE",
    // Rust (`cargo run`) runs this in place of the compiler.
    "RUSTC_WRAPPER",
    "RUSTC_WORKSPACE_WRAPPER",
    // Shells run these files (or commands) when they start.
    "BASH_ENV",
    "ENV",
    "ZDOTDIR",
    "PROMPT_COMMAND",
    "SHELLOPTS",
    "BASHOPTS",
    // The shell Windows runs `npx.cmd` and other scripts with.
    "COMSPEC",
    // Python's `webbrowser` (a sign-in page, say) runs this command.
    "BROWSER",
    // Git runs these programs.
    "GIT_SSH_COMMAND",
    "GIT_SSH",
    "GIT_EXEC_PATH",
    "GIT_ASKPASS",
    // glibc loads modules from here.
    "GCONV_PATH",
];

/// Variables whose name starts so: the dynamic loaders' (`LD_PRELOAD`, `LD_AUDIT`,
/// `DYLD_INSERT_LIBRARIES`, …), npm's and pip's configuration (`npm_config_registry` changes
/// what `npx` downloads), Git's (`GIT_CONFIG_KEY_0=core.sshCommand`), profilers the .NET
/// runtime loads, and Bash's exported functions.
const PREFIXES: &[&str] = &[
    "LD_",
    "DYLD_",
    "NPM_CONFIG_",
    "PIP_",
    "GIT_CONFIG",
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
            "NPM_CONFIG_REGISTRY",
            "PIP_INDEX_URL",
            "PIP_CONFIG_FILE",
            "PYTHONWARNINGS",
            "UV_PYTHON",
            "GIT_CONFIG_COUNT",
            "GIT_CONFIG_KEY_0",
            "GIT_CONFIG_PARAMETERS",
            "SSL_CERT_FILE",
            "GEM_PATH",
            "GOTOOLCHAIN",
            "RUSTC_WRAPPER",
            "COMSPEC",
            "BROWSER",
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
