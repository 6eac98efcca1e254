/*
 * A virtual multitouch touchscreen for the VM tests (libevdev's uinput API): creates the
 * device, waits, plays a one-finger swipe from (x0,y0) to (x1,y1) in device units (0..4095 on
 * both axes, 16 units/mm), waits again and destroys it.
 *
 *   uinput-touch [--settle-ms N] [--step-ms N] [--steps N] [--hold-ms N] [--vanish-mid-swipe] X0 Y0 X1 Y1
 *
 * --vanish-mid-swipe destroys the device halfway through the swipe without lifting the
 * finger (an unplug during a gesture). Prints the device node and each phase on stdout.
 * Build: gcc -O2 -o uinput-touch uinput-touch.c $(pkg-config --cflags --libs libevdev)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>

static void sleep_ms(long ms) {
    struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
    while (nanosleep(&ts, &ts) == -1 && errno == EINTR) {}
}

static int emit(struct libevdev_uinput *ui, unsigned type, unsigned code, int value) {
    int rc = libevdev_uinput_write_event(ui, type, code, value);
    if (rc < 0) fprintf(stderr, "uinput-touch: write event: %s\n", strerror(-rc));
    return rc;
}

int main(int argc, char **argv) {
    long settle_ms = 1500, step_ms = 16, hold_ms = 500;
    int steps = 20, vanish = 0, argi = 1;
    for (; argi < argc && strncmp(argv[argi], "--", 2) == 0; argi++) {
        if (!strcmp(argv[argi], "--vanish-mid-swipe")) { vanish = 1; continue; }
        if (argi + 1 >= argc) break;
        if (!strcmp(argv[argi], "--settle-ms")) settle_ms = atol(argv[++argi]);
        else if (!strcmp(argv[argi], "--step-ms")) step_ms = atol(argv[++argi]);
        else if (!strcmp(argv[argi], "--steps")) steps = atoi(argv[++argi]);
        else if (!strcmp(argv[argi], "--hold-ms")) hold_ms = atol(argv[++argi]);
        else { fprintf(stderr, "uinput-touch: unknown option %s\n", argv[argi]); return 2; }
    }
    if (argc - argi != 4 || steps < 1) {
        fprintf(stderr, "usage: uinput-touch [options] X0 Y0 X1 Y1\n");
        return 2;
    }
    int x0 = atoi(argv[argi]), y0 = atoi(argv[argi + 1]), x1 = atoi(argv[argi + 2]), y1 = atoi(argv[argi + 3]);

    struct libevdev *dev = libevdev_new();
    libevdev_set_name(dev, "panel-kiosk test touchscreen");
    libevdev_set_id_bustype(dev, 0x06 /* BUS_VIRTUAL */);
    libevdev_set_id_vendor(dev, 0x1d6b);
    libevdev_set_id_product(dev, 0x0104);
    libevdev_enable_property(dev, INPUT_PROP_DIRECT);
    libevdev_enable_event_type(dev, EV_KEY);
    libevdev_enable_event_code(dev, EV_KEY, BTN_TOUCH, NULL);
    struct input_absinfo pos = { .minimum = 0, .maximum = 4095, .resolution = 16 };
    struct input_absinfo slot = { .minimum = 0, .maximum = 9 };
    struct input_absinfo track = { .minimum = 0, .maximum = 65535 };
    libevdev_enable_event_type(dev, EV_ABS);
    libevdev_enable_event_code(dev, EV_ABS, ABS_X, &pos);
    libevdev_enable_event_code(dev, EV_ABS, ABS_Y, &pos);
    libevdev_enable_event_code(dev, EV_ABS, ABS_MT_SLOT, &slot);
    libevdev_enable_event_code(dev, EV_ABS, ABS_MT_TRACKING_ID, &track);
    libevdev_enable_event_code(dev, EV_ABS, ABS_MT_POSITION_X, &pos);
    libevdev_enable_event_code(dev, EV_ABS, ABS_MT_POSITION_Y, &pos);

    struct libevdev_uinput *ui = NULL;
    int rc = libevdev_uinput_create_from_device(dev, LIBEVDEV_UINPUT_OPEN_MANAGED, &ui);
    if (rc < 0) {
        fprintf(stderr, "uinput-touch: libevdev_uinput_create_from_device on /dev/uinput: %s\n", strerror(-rc));
        libevdev_free(dev);
        return 1;
    }
    printf("created %s\n", libevdev_uinput_get_devnode(ui) ? libevdev_uinput_get_devnode(ui) : "(no node)");
    fflush(stdout);
    sleep_ms(settle_ms); /* let udev initialise it and libinput add it */

    printf("down %d,%d\n", x0, y0);
    fflush(stdout);
    emit(ui, EV_ABS, ABS_MT_SLOT, 0);
    emit(ui, EV_ABS, ABS_MT_TRACKING_ID, 1);
    emit(ui, EV_ABS, ABS_MT_POSITION_X, x0);
    emit(ui, EV_ABS, ABS_MT_POSITION_Y, y0);
    emit(ui, EV_KEY, BTN_TOUCH, 1);
    emit(ui, EV_ABS, ABS_X, x0);
    emit(ui, EV_ABS, ABS_Y, y0);
    emit(ui, EV_SYN, SYN_REPORT, 0);
    for (int i = 1; i <= steps; i++) {
        sleep_ms(step_ms);
        if (vanish && i == steps / 2) {
            printf("vanish after %d moves\n", i - 1);
            fflush(stdout);
            libevdev_uinput_destroy(ui);
            libevdev_free(dev);
            return 0;
        }
        int x = x0 + (x1 - x0) * i / steps, y = y0 + (y1 - y0) * i / steps;
        emit(ui, EV_ABS, ABS_MT_POSITION_X, x);
        emit(ui, EV_ABS, ABS_MT_POSITION_Y, y);
        emit(ui, EV_ABS, ABS_X, x);
        emit(ui, EV_ABS, ABS_Y, y);
        emit(ui, EV_SYN, SYN_REPORT, 0);
    }
    sleep_ms(step_ms);
    emit(ui, EV_ABS, ABS_MT_TRACKING_ID, -1);
    emit(ui, EV_KEY, BTN_TOUCH, 0);
    emit(ui, EV_SYN, SYN_REPORT, 0);
    printf("up %d,%d after %d moves\n", x1, y1, steps);
    fflush(stdout);
    sleep_ms(hold_ms);
    libevdev_uinput_destroy(ui);
    libevdev_free(dev);
    printf("destroyed\n");
    return 0;
}
