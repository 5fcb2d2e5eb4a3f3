/* How this plugin was built, for the runner: reactorbench_add_plugin() compiles this file into
 * every plugin with the plugin's own flags. It becomes an ELF note (owner "reactorbench", type
 * 1) that the runner reads from the .so file, so the ABI and the descriptor stay as they were
 * and a plugin built otherwise simply has no note. The compiler itself says whether it
 * optimises (__OPTIMIZE__), whatever the flags were called; the build type, the flags CMake
 * added and the compiler come from reactorbench_add_plugin() as macros. */

#ifndef RB_PLUGIN_BUILD_TYPE
#define RB_PLUGIN_BUILD_TYPE ""
#endif
#ifndef RB_PLUGIN_BUILD_FLAGS
#define RB_PLUGIN_BUILD_FLAGS ""
#endif
#ifndef RB_PLUGIN_COMPILER
#define RB_PLUGIN_COMPILER ""
#endif
#ifdef __OPTIMIZE__
#define RB_PLUGIN_OPTIMIZED "1"
#else
#define RB_PLUGIN_OPTIMIZED "0"
#endif

#define RB_PLUGIN_BUILD_TEXT                                            \
  "optimized=" RB_PLUGIN_OPTIMIZED "\nbuild_type=" RB_PLUGIN_BUILD_TYPE \
  "\nflags=" RB_PLUGIN_BUILD_FLAGS "\ncompiler=" RB_PLUGIN_COMPILER "\n"

/* The ELF note layout: name and description sizes, type, then both padded to 4 bytes. */
struct rb_plugin_build_note {
  unsigned int name_size;
  unsigned int text_size;
  unsigned int type;
  char name[16];
  char text[(sizeof(RB_PLUGIN_BUILD_TEXT) + 3) & ~(sizeof(int) - 1)];
};

__attribute__((used, section(".note.reactorbench"),
               aligned(4))) static const struct rb_plugin_build_note rb_plugin_build_note = {
    sizeof("reactorbench"), sizeof(RB_PLUGIN_BUILD_TEXT), 1, "reactorbench", RB_PLUGIN_BUILD_TEXT};
