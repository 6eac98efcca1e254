/*
 * uinput-player: plays touch scripts (the format `panel-kiosk render --script` reads) on a
 * virtual touchscreen made with uinput, so the kernel, libinput and `panel-kiosk run` see
 * what a real panel sends. Script coordinates are UI pixels; the player turns them into the
 * device's own units through the inverse of what the kiosk applies: the board's rotation,
 * its calibration matrix and the device's axis ranges (libinput normalises x as
 * (raw - min) / (max - min + 1)). Lines play at the script's times (CLOCK_MONOTONIC, absolute
 * sleeps); lines sharing a time form one evdev frame (SYN_REPORT). `do` lines are refused.
 *
 * The device presents itself in one of several styles, with the axis ranges, resolutions,
 * fuzz and properties libinput's test suite gives real touchscreens:
 *   mt-b         protocol B with slots and tracking ids, 0..32767 at 55/98 units per mm
 *                (a large USB panel, as the Dell Canvas touch)
 *   mt-a         protocol A: no slots, no tracking ids, SYN_MT_REPORT, 0..32767, no resolution
 *                (an eGalax-style controller; libinput reads it through mtdev)
 *   single       single touch, ABS_X/ABS_Y + BTN_TOUCH only, ranges 10000..20000 and
 *                -2000..2000 (offset and negative minima, as libinput's generic single-touch)
 *   offset       protocol B with ranges 1000..2500 and 2000..4500 at 10 units per mm
 *   tooltype     the same with ABS_MT_TOOL_TYPE, as libinput's touchscreen-mt-tool-type: a
 *                finger is MT_TOOL_FINGER, one named by --palm is MT_TOOL_PALM from its first
 *                frame, and a `cancel` turns a finger into a palm the way hid-multitouch
 *                reports a contact whose confidence bit dropped (MT_TOOL_PALM, then the
 *                slot released in the next frame)
 *   pressure     protocol B with ABS_MT_PRESSURE and ABS_MT_TOUCH_MAJOR, 0..1500 x 0..2500,
 *                no resolution (a phone panel, as the Nexus 4)
 *   fuzz         protocol B with fuzz 10 and 12 on the axes (libinput then adds hysteresis)
 *   indirect     protocol B without INPUT_PROP_DIRECT (many resistive and protocol-A panels)
 *   pen          a pen panel: single touch with BTN_TOOL_PEN and a resolution (libinput: a tablet)
 *   pen-nores    the same without a resolution (an eGalax-like SAW/resistive controller):
 *                udev calls it a tablet and libinput refuses it
 * --device FILE describes the device in a file instead (see read_description below): the
 * parity suite's Tests/parity/devices/NAME.device, copies of libinput's test devices.
 * Usage:
 *   uinput-player [--style S | --device FILE] [--ui WxH] [--rotation 0|90|180|270] [--calibration a,b,c,d,e,f]
 *                 [--settle-ms N] [--hold-ms N] [--palm ID] [--serve | SCRIPT...]
 * With --serve it creates the device, prints "ready NODE" and then plays each script path
 * read from stdin, printing "played PATH" (or "error PATH: why") after each; EOF ends it.
 * Build: gcc -O2 -o uinput-player uinput-player.c $(pkg-config --cflags --libs libevdev)
 */
#include <errno.h>
#include <math.h>
#include <sched.h>
#include <sys/mman.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>

#define MAX_FINGERS 10
#define MAX_LINES 20000

struct style {
    const char *name, *devname;
    int vendor, product, direct;
    char protocol;                 /* 'B', 'A' or 'S' (single touch) */
    int xmin, xmax, ymin, ymax, xres, yres, xfuzz, yfuzz;
    int pressure, major, tooltype; /* axis maxima; 0: the device has no such axis */
    int pen;                       /* BTN_TOOL_PEN in proximity while touching */
};

static const struct style styles[] = {
    /* name, device name, vendor, product, direct, protocol,
     * x range, y range, x/y resolution, x/y fuzz, pressure, touch major, tool type, pen */
    { "mt-b", "panel-kiosk test mt-b touchscreen", 0x2575, 0x0204, 1, 'B', 0, 32767, 0, 32767, 55, 98, 0, 0, 0, 0, 0, 0 },
    { "mt-a", "panel-kiosk test protocol-A touchscreen", 0x0eef, 0x0020, 1, 'A', 0, 32767, 0, 32767, 0, 0, 0, 0, 1, 0, 0, 0 },
    { "single", "panel-kiosk test single-touch screen", 0x0002, 0x0003, 1, 'S', 10000, 20000, -2000, 2000, 10, 9, 0, 0, 0, 0, 0, 0 },
    { "offset", "panel-kiosk test offset touchscreen", 0x0000, 0x0025, 1, 'B', 1000, 2500, 2000, 4500, 10, 10, 0, 0, 0, 0, 0, 0 },
    { "tooltype", "panel-kiosk test tool-type touchscreen", 0x0000, 0x0026, 1, 'B', 1000, 2500, 2000, 4500, 10, 10, 0, 0, 0, 0, 2, 0 },
    { "pressure", "panel-kiosk test pressure touchscreen", 0x043e, 0x0026, 1, 'B', 0, 1500, 0, 2500, 0, 0, 0, 0, 255, 15, 0, 0 },
    { "fuzz", "panel-kiosk test fuzz touchscreen", 0x0000, 0x0027, 1, 'B', 0, 1500, 0, 2500, 0, 0, 10, 12, 255, 0, 0, 0 },
    { "indirect", "panel-kiosk test indirect touchscreen", 0x0022, 0x0033, 0, 'B', 0, 1500, 0, 2500, 0, 0, 0, 0, 0, 0, 0, 0 },
    { "pen", "panel-kiosk test pen panel", 0x056a, 0x00e6, 1, 'S', 0, 27760, 0, 15690, 100, 100, 0, 0, 2047, 0, 0, 1 },
    { "pen-nores", "panel-kiosk test pen panel without resolution", 0x0eef, 0x0001, 0, 'S', 0, 2047, 0, 2047, 0, 0, 0, 0, 0, 0, 0, 1 },
};

enum verb { DOWN, MOVE, UP, CANCEL };
struct line { double t; enum verb verb; int id; double x, y; int lineno; };

/* palm: reported as MT_TOOL_PALM; release: a palm the next frame releases (its id is free). */
struct finger { int id, active, slot, tracking, palm, release; int rx, ry; };

static const struct style *st;
static struct libevdev_uinput *ui;
static double ui_w = 1024, ui_h = 768, calib[6] = { 1, 0, 0, 0, 1, 0 };
static int rotation = 0, palm_id = -1, next_tracking = 1;
static struct finger fingers[MAX_FINGERS];
static int touching = 0; /* BTN_TOUCH state */

static void sleep_until(const struct timespec *start, double ms) {
    struct timespec t = *start;
    long long ns = (long long)(ms * 1e6);
    t.tv_sec += ns / 1000000000LL;
    t.tv_nsec += ns % 1000000000LL;
    if (t.tv_nsec >= 1000000000L) { t.tv_sec++; t.tv_nsec -= 1000000000L; }
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL) == EINTR) {}
}

static void sleep_ms(long ms) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    sleep_until(&now, (double)ms);
}

static void emit(unsigned type, unsigned code, int value) {
    int rc = libevdev_uinput_write_event(ui, type, code, value);
    if (rc < 0) fprintf(stderr, "uinput-player: write event: %s\n", strerror(-rc));
}

/* UI pixels to device units: the inverse of rotation (TouchTransform.uiPoint), of the
 * calibration matrix, and of libinput's normalisation. */
static void to_device(double x, double y, int *rx, int *ry) {
    double u, v;
    switch (rotation) {
    case 90: u = 1 - y / ui_h; v = x / ui_w; break;
    case 180: u = 1 - x / ui_w; v = 1 - y / ui_h; break;
    case 270: u = y / ui_h; v = 1 - x / ui_w; break;
    default: u = x / ui_w; v = y / ui_h; break;
    }
    /* calibrated = M · (raw, 1): solve the 2x2 system for raw. */
    double a = calib[0], b = calib[1], c = calib[2], d = calib[3], e = calib[4], f = calib[5];
    double det = a * e - b * d;
    double pu = u - c, pv = v - f;
    double nu = (e * pu - b * pv) / det, nv = (a * pv - d * pu) / det;
    double xr = st->xmin + nu * (st->xmax - st->xmin + 1), yr = st->ymin + nv * (st->ymax - st->ymin + 1);
    long ix = lround(xr), iy = lround(yr);
    *rx = ix < st->xmin ? st->xmin : ix > st->xmax ? st->xmax : (int)ix;
    *ry = iy < st->ymin ? st->ymin : iy > st->ymax ? st->ymax : (int)iy;
}

static struct finger *find(int id) {
    for (int i = 0; i < MAX_FINGERS; i++) if (fingers[i].active && fingers[i].id == id) return &fingers[i];
    return NULL;
}

static int active_count(void) {
    int n = 0;
    for (int i = 0; i < MAX_FINGERS; i++) n += fingers[i].active;
    return n;
}

/* A finger's contact ends: protocol B frees its slot (tracking id -1). */
static void lift(struct finger *f) {
    if (st->protocol == 'B') {
        emit(EV_ABS, ABS_MT_SLOT, f->slot);
        emit(EV_ABS, ABS_MT_TRACKING_ID, -1);
    }
    f->active = 0;
    f->release = 0;
}

/* Applies one line to the finger table; protocol B writes its slot events now. */
static int apply(const struct line *l, char *why) {
    struct finger *f = find(l->id);
    if (l->verb == DOWN) {
        if (f) { sprintf(why, "line %d: finger %d is already down", l->lineno, l->id); return -1; }
        for (int i = 0; i < MAX_FINGERS && !f; i++) if (!fingers[i].active) f = &fingers[i];
        if (!f) { sprintf(why, "line %d: more than %d fingers", l->lineno, MAX_FINGERS); return -1; }
        if (st->protocol == 'S' && active_count() > 0) return 0; /* a single-touch panel sees one */
        f->active = 1; f->id = l->id; f->slot = (int)(f - fingers); f->tracking = next_tracking++;
        f->palm = l->id == palm_id;
        to_device(l->x, l->y, &f->rx, &f->ry);
        if (st->protocol == 'B') {
            emit(EV_ABS, ABS_MT_SLOT, f->slot);
            emit(EV_ABS, ABS_MT_TRACKING_ID, f->tracking);
            if (st->tooltype) emit(EV_ABS, ABS_MT_TOOL_TYPE, f->palm ? MT_TOOL_PALM : MT_TOOL_FINGER);
            emit(EV_ABS, ABS_MT_POSITION_X, f->rx);
            emit(EV_ABS, ABS_MT_POSITION_Y, f->ry);
            if (st->pressure) emit(EV_ABS, ABS_MT_PRESSURE, st->pressure / 3);
            if (st->major) emit(EV_ABS, ABS_MT_TOUCH_MAJOR, st->major / 8);
        }
        return 0;
    }
    if (!f) return 0; /* a second finger a single-touch panel never saw, or an unknown id */
    if (l->verb == MOVE) {
        to_device(l->x, l->y, &f->rx, &f->ry);
        if (st->protocol == 'B') {
            emit(EV_ABS, ABS_MT_SLOT, f->slot);
            emit(EV_ABS, ABS_MT_POSITION_X, f->rx);
            emit(EV_ABS, ABS_MT_POSITION_Y, f->ry);
        }
        return 0;
    }
    /* CANCEL on a panel that reports tool types: the contact turns into a palm, as
     * hid-multitouch reports one whose confidence bit dropped (MT_TOOL_PALM in this frame;
     * libinput cancels the touch) and releases it in the next frame (pending_palm_release). */
    if (l->verb == CANCEL && st->tooltype && st->protocol == 'B' && !f->palm) {
        emit(EV_ABS, ABS_MT_SLOT, f->slot);
        emit(EV_ABS, ABS_MT_TOOL_TYPE, MT_TOOL_PALM);
        f->palm = 1;
        f->release = 1;
        return 0;
    }
    /* UP, and CANCEL elsewhere: a panel has no cancel of its own; a finger lifts. */
    lift(f);
    return 0;
}

/* Ends an evdev frame: protocol A's contact list, the single-touch axes, BTN_TOUCH, SYN. */
static void end_frame(void) {
    struct finger *first = NULL;
    for (int i = 0; i < MAX_FINGERS; i++) if (fingers[i].active && (!first || fingers[i].tracking < first->tracking)) first = &fingers[i];
    if (st->protocol == 'A') {
        for (int i = 0; i < MAX_FINGERS; i++) {
            if (!fingers[i].active) continue;
            emit(EV_ABS, ABS_MT_POSITION_X, fingers[i].rx);
            emit(EV_ABS, ABS_MT_POSITION_Y, fingers[i].ry);
            if (st->major) emit(EV_ABS, ABS_MT_TOUCH_MAJOR, st->major / 8);
            emit(EV_SYN, SYN_MT_REPORT, 0);
        }
        if (!first) emit(EV_SYN, SYN_MT_REPORT, 0);
    }
    int now_touching = first != NULL;
    if (first) {
        emit(EV_ABS, ABS_X, first->rx);
        emit(EV_ABS, ABS_Y, first->ry);
        if (st->protocol == 'S' && st->pressure) emit(EV_ABS, ABS_PRESSURE, st->pressure / 3);
    } else if (st->protocol == 'S' && st->pressure) {
        emit(EV_ABS, ABS_PRESSURE, 0);
    }
    if (now_touching != touching) {
        if (st->pen) emit(EV_KEY, BTN_TOOL_PEN, now_touching);
        emit(EV_KEY, BTN_TOUCH, now_touching);
        touching = now_touching;
    }
    emit(EV_SYN, SYN_REPORT, 0);
    /* Palms reported in this frame are released at once, in a frame of their own. */
    int released = 0;
    for (int i = 0; i < MAX_FINGERS; i++) if (fingers[i].active && fingers[i].release) { lift(&fingers[i]); released = 1; }
    if (released) end_frame();
}

static int parse(const char *path, struct line *lines, int *count, char *why) {
    FILE *fp = fopen(path, "r");
    if (!fp) { sprintf(why, "cannot open: %s", strerror(errno)); return -1; }
    char buf[512], verb[16];
    int n = 0, lineno = 0;
    while (fgets(buf, sizeof buf, fp)) {
        lineno++;
        char *hash = strchr(buf, '#');
        if (hash) *hash = 0;
        char *p = buf;
        while (*p == ' ' || *p == '\t') p++;
        if (*p == '\n' || *p == 0) continue;
        struct line l = { 0 };
        l.lineno = lineno;
        int got = sscanf(p, "%lf %15s %d %lf %lf", &l.t, verb, &l.id, &l.x, &l.y);
        if (got < 3) { sprintf(why, "line %d: cannot read it", lineno); fclose(fp); return -1; }
        if (!strcmp(verb, "down")) l.verb = DOWN;
        else if (!strcmp(verb, "move")) l.verb = MOVE;
        else if (!strcmp(verb, "up")) l.verb = UP;
        else if (!strcmp(verb, "cancel")) l.verb = CANCEL;
        else { sprintf(why, "line %d: '%s' cannot be played on a touchscreen", lineno, verb); fclose(fp); return -1; }
        if ((l.verb == DOWN || l.verb == MOVE) && got < 5) { sprintf(why, "line %d: no position", lineno); fclose(fp); return -1; }
        if (n == MAX_LINES) { sprintf(why, "more than %d lines", MAX_LINES); fclose(fp); return -1; }
        lines[n++] = l;
    }
    fclose(fp);
    *count = n;
    return 0;
}

static struct line lines[MAX_LINES];

static int play(const char *path, char *why) {
    int n = 0;
    if (parse(path, lines, &n, why) < 0) return -1;
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    double t0 = n ? lines[0].t : 0;
    for (int i = 0; i < n;) {
        sleep_until(&start, lines[i].t - t0);
        /* One evdev frame per time, unless a finger appears twice in it. */
        int seen[MAX_LINES > 64 ? 64 : MAX_LINES], nseen = 0, j = i;
        for (; j < n && lines[j].t == lines[i].t; j++) {
            int dup = 0;
            for (int k = 0; k < nseen; k++) if (seen[k] == lines[j].id) dup = 1;
            if (dup || nseen == 64) break;
            seen[nseen++] = lines[j].id;
            if (apply(&lines[j], why) < 0) return -1;
        }
        end_frame();
        i = j;
    }
    /* Anything left down lifts, so the next script starts clean. */
    if (active_count() > 0) {
        for (int i = 0; i < MAX_FINGERS; i++) {
            if (!fingers[i].active) continue;
            struct line up = { 0 };
            up.verb = UP; up.id = fingers[i].id;
            apply(&up, why);
        }
        end_frame();
    }
    return 0;
}

/* A device description file (--device): the device exactly as written, after libinput's
 * test devices (test/litest-device-*.c: their name, input id, properties, keys and absinfo
 * rows). One item a line, # starts a comment:
 *   name TEXT                        the device's name
 *   id BUS VENDOR PRODUCT            numbers, 0x for hex
 *   prop INPUT_PROP_NAME             a property
 *   key KEY_OR_BTN_NAME              a key code (EV_KEY)
 *   abs ABS_NAME MIN MAX FUZZ FLAT RESOLUTION
 * How the player writes touches follows from it: protocol B with ABS_MT_SLOT, protocol A
 * with ABS_MT_POSITION_X alone, else single touch; pressure, touch size and tool type when
 * the axes are there; a pen with BTN_TOOL_PEN. */
#define MAX_DESC 64
static struct style described;
static char described_name[128];
static int desc_bus = 0x03, desc_props[MAX_DESC], ndesc_props, desc_keys[MAX_DESC], ndesc_keys, ndesc_abs;
static struct { int code; struct input_absinfo a; } desc_abs[MAX_DESC];

static const struct input_absinfo *desc_axis(int code) {
    for (int i = 0; i < ndesc_abs; i++) if (desc_abs[i].code == code) return &desc_abs[i].a;
    return NULL;
}

static int read_description(const char *path) {
    FILE *fp = fopen(path, "r");
    if (!fp) { fprintf(stderr, "uinput-player: %s: %s\n", path, strerror(errno)); return -1; }
    char buf[512], word[64], arg[128];
    int lineno = 0;
    snprintf(described_name, sizeof described_name, "panel-kiosk test device");
    while (fgets(buf, sizeof buf, fp)) {
        lineno++;
        char *hash = strchr(buf, '#');
        if (hash) *hash = 0;
        buf[strcspn(buf, "\n")] = 0;
        if (sscanf(buf, "%63s", word) != 1) continue;
        int ok = 1;
        if (!strcmp(word, "name")) {
            char *p = strstr(buf, "name") + 4;
            while (*p == ' ' || *p == '\t') p++;
            snprintf(described_name, sizeof described_name, "%s", p);
        } else if (!strcmp(word, "id")) {
            char b[32], v[32], pr[32];
            ok = sscanf(buf, "%*s %31s %31s %31s", b, v, pr) == 3;
            if (ok) { desc_bus = (int)strtol(b, NULL, 0); described.vendor = (int)strtol(v, NULL, 0); described.product = (int)strtol(pr, NULL, 0); }
        } else if (!strcmp(word, "prop") || !strcmp(word, "key")) {
            int code = sscanf(buf, "%*s %127s", arg) == 1
                ? (!strcmp(word, "prop") ? libevdev_property_from_name(arg) : libevdev_event_code_from_name(EV_KEY, arg)) : -1;
            int *list = !strcmp(word, "prop") ? desc_props : desc_keys, *n = !strcmp(word, "prop") ? &ndesc_props : &ndesc_keys;
            ok = code >= 0 && *n < MAX_DESC;
            if (ok) list[(*n)++] = code;
        } else if (!strcmp(word, "abs")) {
            struct input_absinfo a = { 0 };
            ok = sscanf(buf, "%*s %127s %d %d %d %d %d", arg, &a.minimum, &a.maximum, &a.fuzz, &a.flat, &a.resolution) == 6;
            int code = ok ? libevdev_event_code_from_name(EV_ABS, arg) : -1;
            ok = code >= 0 && ndesc_abs < MAX_DESC;
            if (ok) { desc_abs[ndesc_abs].code = code; desc_abs[ndesc_abs].a = a; ndesc_abs++; }
        } else ok = 0;
        if (!ok) { fprintf(stderr, "uinput-player: %s:%d: cannot read '%s'\n", path, lineno, buf); fclose(fp); return -1; }
    }
    fclose(fp);
    struct style *d = &described;
    d->name = path;
    d->devname = described_name;
    for (int i = 0; i < ndesc_props; i++) if (desc_props[i] == INPUT_PROP_DIRECT) d->direct = 1;
    for (int i = 0; i < ndesc_keys; i++) if (desc_keys[i] == BTN_TOOL_PEN) d->pen = 1;
    d->protocol = desc_axis(ABS_MT_SLOT) ? 'B' : desc_axis(ABS_MT_POSITION_X) ? 'A' : 'S';
    const struct input_absinfo *x = desc_axis(d->protocol == 'S' ? ABS_X : ABS_MT_POSITION_X);
    const struct input_absinfo *y = desc_axis(d->protocol == 'S' ? ABS_Y : ABS_MT_POSITION_Y);
    if (!x || !y) { fprintf(stderr, "uinput-player: %s: no x and y axes\n", path); return -1; }
    d->xmin = x->minimum; d->xmax = x->maximum; d->xres = x->resolution; d->xfuzz = x->fuzz;
    d->ymin = y->minimum; d->ymax = y->maximum; d->yres = y->resolution; d->yfuzz = y->fuzz;
    const struct input_absinfo *pr = desc_axis(d->protocol == 'S' ? ABS_PRESSURE : ABS_MT_PRESSURE);
    const struct input_absinfo *mj = desc_axis(ABS_MT_TOUCH_MAJOR), *tt = desc_axis(ABS_MT_TOOL_TYPE);
    d->pressure = pr ? pr->maximum : 0;
    d->major = mj ? mj->maximum : 0;
    d->tooltype = tt ? tt->maximum : 0;
    return 0;
}

static void enable_abs(struct libevdev *dev, unsigned code, int min, int max, int fuzz, int res) {
    struct input_absinfo a = { .minimum = min, .maximum = max, .fuzz = fuzz, .resolution = res };
    libevdev_enable_event_code(dev, EV_ABS, code, &a);
}

int main(int argc, char **argv) {
    long settle_ms = 1500, hold_ms = 300;
    int serve = 0, argi = 1;
    st = &styles[0];
    for (; argi < argc && strncmp(argv[argi], "--", 2) == 0; argi++) {
        if (!strcmp(argv[argi], "--serve")) { serve = 1; continue; }
        if (argi + 1 >= argc) { fprintf(stderr, "uinput-player: %s needs a value\n", argv[argi]); return 2; }
        const char *opt = argv[argi], *val = argv[++argi];
        if (!strcmp(opt, "--style")) {
            st = NULL;
            for (size_t i = 0; i < sizeof styles / sizeof styles[0]; i++) if (!strcmp(styles[i].name, val)) st = &styles[i];
            if (!st) { fprintf(stderr, "uinput-player: unknown style %s\n", val); return 2; }
        } else if (!strcmp(opt, "--device")) {
            if (read_description(val) < 0) return 2;
            st = &described;
        } else if (!strcmp(opt, "--ui")) {
            if (sscanf(val, "%lfx%lf", &ui_w, &ui_h) != 2) { fprintf(stderr, "uinput-player: --ui WxH\n"); return 2; }
        } else if (!strcmp(opt, "--rotation")) rotation = atoi(val);
        else if (!strcmp(opt, "--calibration")) {
            if (sscanf(val, "%lf,%lf,%lf,%lf,%lf,%lf", &calib[0], &calib[1], &calib[2], &calib[3], &calib[4], &calib[5]) != 6) {
                fprintf(stderr, "uinput-player: --calibration a,b,c,d,e,f\n"); return 2;
            }
        } else if (!strcmp(opt, "--settle-ms")) settle_ms = atol(val);
        else if (!strcmp(opt, "--hold-ms")) hold_ms = atol(val);
        else if (!strcmp(opt, "--palm")) palm_id = atoi(val);
        else { fprintf(stderr, "uinput-player: unknown option %s\n", opt); return 2; }
    }
    if (!serve && argi >= argc) { fprintf(stderr, "usage: uinput-player [options] --serve | SCRIPT...\n"); return 2; }
    /* The guest has one vCPU, shared with the kiosk drawing frames: without a real-time
     * priority a fling's last move or its lift waited behind a frame, the kernel stamped it
     * late, and the release velocity came out lower than the script's (a loaded host made a
     * flick "cancelled"). Best effort: without the privilege it plays at normal priority. */
    struct sched_param sp = { .sched_priority = 50 };
    if (sched_setscheduler(0, SCHED_FIFO, &sp) != 0) fprintf(stderr, "uinput-player: no real-time priority (%s)\n", strerror(errno));
    mlockall(MCL_CURRENT | MCL_FUTURE);

    struct libevdev *dev = libevdev_new();
    libevdev_set_name(dev, st->devname);
    libevdev_set_id_bustype(dev, st == &described ? desc_bus : 0x03 /* BUS_USB */);
    libevdev_set_id_vendor(dev, st->vendor);
    libevdev_set_id_product(dev, st->product);
    if (st == &described) {
        /* Exactly the description's codes. */
        for (int i = 0; i < ndesc_props; i++) libevdev_enable_property(dev, desc_props[i]);
        libevdev_enable_event_type(dev, EV_KEY);
        for (int i = 0; i < ndesc_keys; i++) libevdev_enable_event_code(dev, EV_KEY, desc_keys[i], NULL);
        libevdev_enable_event_type(dev, EV_ABS);
        for (int i = 0; i < ndesc_abs; i++) libevdev_enable_event_code(dev, EV_ABS, desc_abs[i].code, &desc_abs[i].a);
    } else {
    if (st->direct) libevdev_enable_property(dev, INPUT_PROP_DIRECT);
    libevdev_enable_event_type(dev, EV_KEY);
    libevdev_enable_event_code(dev, EV_KEY, BTN_TOUCH, NULL);
    if (st->pen) libevdev_enable_event_code(dev, EV_KEY, BTN_TOOL_PEN, NULL);
    libevdev_enable_event_type(dev, EV_ABS);
    enable_abs(dev, ABS_X, st->xmin, st->xmax, st->xfuzz, st->xres);
    enable_abs(dev, ABS_Y, st->ymin, st->ymax, st->yfuzz, st->yres);
    if (st->protocol == 'S' && st->pressure) enable_abs(dev, ABS_PRESSURE, 0, st->pressure, 0, 0);
    if (st->protocol != 'S') {
        if (st->protocol == 'B') {
            enable_abs(dev, ABS_MT_SLOT, 0, MAX_FINGERS - 1, 0, 0);
            enable_abs(dev, ABS_MT_TRACKING_ID, 0, 65535, 0, 0);
        }
        enable_abs(dev, ABS_MT_POSITION_X, st->xmin, st->xmax, st->xfuzz, st->xres);
        enable_abs(dev, ABS_MT_POSITION_Y, st->ymin, st->ymax, st->yfuzz, st->yres);
        if (st->pressure) enable_abs(dev, ABS_MT_PRESSURE, 0, st->pressure, 0, 0);
        if (st->major) enable_abs(dev, ABS_MT_TOUCH_MAJOR, 0, st->major, 0, 0);
        if (st->tooltype) enable_abs(dev, ABS_MT_TOOL_TYPE, 0, st->tooltype, 0, 0);
    }
    }
    int rc = libevdev_uinput_create_from_device(dev, LIBEVDEV_UINPUT_OPEN_MANAGED, &ui);
    if (rc < 0) {
        fprintf(stderr, "uinput-player: creating the device on /dev/uinput: %s\n", strerror(-rc));
        libevdev_free(dev);
        return 1;
    }
    const char *node = libevdev_uinput_get_devnode(ui);
    sleep_ms(settle_ms); /* udev initialises it, a running libinput adds it */
    printf("ready %s\n", node ? node : "(no node)");
    fflush(stdout);

    int failed = 0;
    char why[256], path[4096];
    if (serve) {
        while (fgets(path, sizeof path, stdin)) {
            path[strcspn(path, "\n")] = 0;
            if (!path[0]) continue;
            why[0] = 0;
            if (play(path, why) < 0) { printf("error %s: %s\n", path, why); failed = 1; }
            else printf("played %s\n", path);
            fflush(stdout);
        }
    } else {
        for (; argi < argc; argi++) {
            why[0] = 0;
            if (play(argv[argi], why) < 0) { fprintf(stderr, "uinput-player: %s: %s\n", argv[argi], why); failed = 1; break; }
            printf("played %s\n", argv[argi]);
            fflush(stdout);
        }
    }
    sleep_ms(hold_ms);
    libevdev_uinput_destroy(ui);
    libevdev_free(dev);
    return failed;
}
