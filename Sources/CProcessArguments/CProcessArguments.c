#include "CProcessArguments.h"

static int saved_argc;
static char **saved_argv;

/* glibc calls each function in .init_array with (argc, argv, envp) before main: the same
   arrays main receives, which stay valid for the life of the process. */
__attribute__((constructor))
static void panel_save_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    saved_argc = argc;
    saved_argv = argv;
}

int panel_process_argc(void) { return saved_argv ? saved_argc : 0; }

const char *panel_process_argv(int i) {
    if (!saved_argv || i < 0 || i >= saved_argc) return 0;
    return saved_argv[i];
}
