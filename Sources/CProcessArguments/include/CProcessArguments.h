#ifndef CPROCESSARGUMENTS_H
#define CPROCESSARGUMENTS_H

/* The process's argc and argv as the C library handed them to the program, kept by a
   constructor before main. Swift's `CommandLine.arguments` on Linux is read from
   /proc/self/cmdline, which is empty when /proc is not mounted (a chroot while an image is
   built): the command line then looked empty and every command printed the help and exited
   0, so `check` passed without checking. These are the arguments without /proc. */

/* How many arguments; 0 when the constructor did not run (not a glibc program). */
int panel_process_argc(void);
/* Argument `i` (0 = the program), or NULL past the end. */
const char *panel_process_argv(int i);

#endif
