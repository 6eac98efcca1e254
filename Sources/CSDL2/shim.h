#ifndef CSDL2_SHIM_H
#define CSDL2_SHIM_H
// SDL2 for `panel-kiosk preview`: a desktop window (X11 or Wayland) as a frame sink, its
// mouse and touch as fingers. SDL_MAIN_HANDLED: our own main, no SDL_main rewrite.
#define SDL_MAIN_HANDLED
#include <SDL2/SDL.h>
#endif
