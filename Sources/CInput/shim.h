#ifndef CINPUT_SHIM_H
#define CINPUT_SHIM_H
#include <libinput.h>
#include <libudev.h>
#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>
#include <linux/input.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>

// evdev's ioctl numbers are function-like macros, which Swift cannot import.

/// 1 when the evdev node `fd` reports the absolute axis `code`, 0 when not, -errno on error.
static inline int panel_evdev_has_abs(int fd, unsigned code) {
    unsigned long bits[(ABS_CNT + 8 * sizeof(unsigned long) - 1) / (8 * sizeof(unsigned long))];
    memset(bits, 0, sizeof bits);
    if (ioctl(fd, EVIOCGBIT(EV_ABS, sizeof bits), bits) < 0) return -1;
    return (bits[code / (8 * sizeof(unsigned long))] >> (code % (8 * sizeof(unsigned long)))) & 1;
}

/// The kernel's current value of the multitouch axis `code` in each of the first `count`
/// slots (EVIOCGMTSLOTS). Returns 0, or -1 with errno set.
static inline int panel_evdev_mt_slot_values(int fd, unsigned code, int32_t *values, int count) {
    int32_t buf[1 + 64];
    if (count > 64) count = 64;
    memset(buf, 0, sizeof buf);
    buf[0] = (int32_t)code;
    if (ioctl(fd, EVIOCGMTSLOTS(sizeof(int32_t) * (size_t)(1 + count)), buf) < 0) return -1;
    memcpy(values, buf + 1, sizeof(int32_t) * (size_t)count);
    return 0;
}

/// The absolute axis `code`'s current value, minimum and maximum (EVIOCGABS). 0 or -1.
static inline int panel_evdev_abs_info(int fd, unsigned code, int32_t *value, int32_t *minimum, int32_t *maximum) {
    struct input_absinfo a;
    if (ioctl(fd, EVIOCGABS(code), &a) < 0) return -1;
    *value = a.value; *minimum = a.minimum; *maximum = a.maximum;
    return 0;
}
#endif
