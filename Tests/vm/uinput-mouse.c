/*
 * A virtual USB mouse for the VM tests (libevdev's uinput API): creates it, waits, then
 * moves far right and down (the pointer clamps at the screen's bottom-right corner), left
 * by DX, presses the left button, drags up in STEPS steps of DY, releases, and destroys it.
 *
 *   uinput-mouse [--settle-ms N] [--esc] DX DY STEPS
 *
 * --esc presses and releases Escape (the device also has keys) 1 s after the drag.
 *
 * Build: gcc -O2 -o uinput-mouse uinput-mouse.c $(pkg-config --cflags --libs libevdev)
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

static void emit(struct libevdev_uinput *ui, unsigned type, unsigned code, int value) {
    int rc = libevdev_uinput_write_event(ui, type, code, value);
    if (rc < 0) fprintf(stderr, "uinput-mouse: write event: %s\n", strerror(-rc));
}

static void move(struct libevdev_uinput *ui, int dx, int dy) {
    emit(ui, EV_REL, REL_X, dx);
    emit(ui, EV_REL, REL_Y, dy);
    emit(ui, EV_SYN, SYN_REPORT, 0);
}

int main(int argc, char **argv) {
    long settle_ms = 3000;
    int argi = 1, esc = 0;
    if (argi + 1 < argc && !strcmp(argv[argi], "--settle-ms")) { settle_ms = atol(argv[argi + 1]); argi += 2; }
    if (argi < argc && !strcmp(argv[argi], "--esc")) { esc = 1; argi++; }
    if (argc - argi != 3) { fprintf(stderr, "usage: uinput-mouse [--settle-ms N] [--esc] DX DY STEPS\n"); return 2; }
    int dx = atoi(argv[argi]), dy = atoi(argv[argi + 1]), steps = atoi(argv[argi + 2]);

    struct libevdev *dev = libevdev_new();
    libevdev_set_name(dev, "panel-kiosk test mouse");
    libevdev_set_id_bustype(dev, BUS_USB);
    libevdev_enable_event_type(dev, EV_REL);
    libevdev_enable_event_code(dev, EV_REL, REL_X, NULL);
    libevdev_enable_event_code(dev, EV_REL, REL_Y, NULL);
    libevdev_enable_event_type(dev, EV_KEY);
    libevdev_enable_event_code(dev, EV_KEY, BTN_LEFT, NULL);
    libevdev_enable_event_code(dev, EV_KEY, BTN_RIGHT, NULL);
    if (esc) libevdev_enable_event_code(dev, EV_KEY, KEY_ESC, NULL);
    struct libevdev_uinput *ui = NULL;
    int rc = libevdev_uinput_create_from_device(dev, LIBEVDEV_UINPUT_OPEN_MANAGED, &ui);
    if (rc < 0) { fprintf(stderr, "uinput-mouse: create: %s\n", strerror(-rc)); return 1; }
    printf("created %s\n", libevdev_uinput_get_devnode(ui));
    fflush(stdout);
    sleep_ms(settle_ms);
    for (int i = 0; i < 40; i++) { move(ui, 200, 200); sleep_ms(8); }   /* clamp at bottom-right */
    for (int i = 0; i < 10; i++) { move(ui, dx / 10, 0); sleep_ms(8); }
    emit(ui, EV_KEY, BTN_LEFT, 1); emit(ui, EV_SYN, SYN_REPORT, 0);
    sleep_ms(30);
    for (int i = 0; i < steps; i++) { move(ui, 0, dy); sleep_ms(16); }
    emit(ui, EV_KEY, BTN_LEFT, 0); emit(ui, EV_SYN, SYN_REPORT, 0);
    printf("dragged %d steps of %d\n", steps, dy);
    sleep_ms(esc ? 1000 : 500);
    if (esc) {
        emit(ui, EV_KEY, KEY_ESC, 1); emit(ui, EV_SYN, SYN_REPORT, 0);
        sleep_ms(30);
        emit(ui, EV_KEY, KEY_ESC, 0); emit(ui, EV_SYN, SYN_REPORT, 0);
        printf("pressed Escape\n");
        sleep_ms(500);
    }
    libevdev_uinput_destroy(ui);
    libevdev_free(dev);
    printf("destroyed\n");
    return 0;
}
