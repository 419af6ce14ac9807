# Sourced by the build scripts: one ccache for every checkout of the project.
# Paths under the checkout are hashed relative to it and the build directory
# is not hashed, so a fresh clone elsewhere (CI's) reuses what any other
# checkout compiled (the debug info then names that checkout's directory).
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$PWD}"
export CCACHE_NOHASHDIR="${CCACHE_NOHASHDIR:-1}"
# Room for every build CI makes (normal, sanitizer, Debug and Release CLIs,
# fuzz), so that none of them evicts another's objects.
export CCACHE_MAXSIZE="${CCACHE_MAXSIZE:-12G}"
