// The translation unit that builds the tests' precompiled header (tests/CMakeLists.txt,
// rbtest_pch); every test executable reuses it. Nothing else is here.
