#ifndef CINPUT_SHIM_H
#define CINPUT_SHIM_H
#include <libinput.h>
#include <libudev.h>
#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>
#endif
