// `runner __plugins-of CONFIG...`: the catalog plugins the configs load, one name per line,
// read without loading any plugin. scripts/runner asks it which plugin targets to build, so a
// first run compiles only what it needs.
#pragma once

namespace rb::cli {

// argv as main's: argv[1] is "__plugins-of". Prints the names to stdout; 0, or 2 with the
// config's own error on stderr (the run that follows reports it again, in context).
int plugins_of_main(int argc, char** argv);

}  // namespace rb::cli
