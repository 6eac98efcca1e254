/* Blend2D on two layers of the bench scene (docs/bench.md), timed the way
   `panel-kiosk bench --layers` times them, so issue 18's ratios can be checked against the
   library they were taken from on the machine at hand. Built by scripts/bench-blend2d
   against the static library in the blend2d-python wheel (Blend2D 0.12, C API).

   Per frame: an opaque fill of the whole frame (standing in for the gradient, so the frame
   is as freshly written as in the bench), then timed: the dim (black at alpha 89 over the
   whole frame) and the drawer + pill (white body with 12 px top corners from 40 % of the
   height down, a 36x5 grey pill with 2.5 px corners). Then, as the bench does, the median
   memcpy of one frame from a 256 MiB pool (not in cache) into the frame. Five rounds
   alternate frames and copies so load from elsewhere falls on both.

   Usage: bench-blend2d-layers WIDTH HEIGHT [sse4.2]
   sse4.2: the JIT limited to SSE2..SSE4.2 (the width issue 18's table was taken at, a fair
   stand-in for a Pi's NEON); otherwise the widest SIMD the CPU has.
   Prints one JSON line. The few declarations below are the documented C API; the wheel
   ships no headers. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef uint32_t BLResult;
typedef struct { void *impl; uint64_t info[1]; } BLObjectCore;   /* BLObjectDetail: 16 bytes */
typedef BLObjectCore BLImageCore, BLContextCore, BLPathCore;
typedef struct { double x, y, w, h; } BLRect;
typedef struct { double x, y; } BLPoint;
typedef struct {
    uint32_t flags, threadCount, cpuFeatures, commandQueueLimit, savedStateLimit;
    int32_t pixelOriginX, pixelOriginY;
    uint32_t reserved[1];
} BLContextCreateInfo;

enum { BL_FORMAT_PRGB32 = 1, BL_DATA_ACCESS_RW = 3 };
enum { BL_CONTEXT_FLUSH_SYNC = 0x80000000u };
enum { BL_CONTEXT_CREATE_FLAG_ISOLATED_JIT_RUNTIME = 0x02000000u,
       BL_CONTEXT_CREATE_FLAG_OVERRIDE_CPU_FEATURES = 0x08000000u };
enum { BL_CPU_SSE2 = 0x01u, BL_CPU_SSE3 = 0x02u, BL_CPU_SSSE3 = 0x04u, BL_CPU_SSE4_1 = 0x08u,
       BL_CPU_SSE4_2 = 0x10u };

BLResult blImageInitAsFromData(BLImageCore *, int, int, uint32_t, void *, intptr_t, uint32_t, void *, void *);
BLResult blImageDestroy(BLImageCore *);
BLResult blContextInitAs(BLContextCore *, BLImageCore *, const BLContextCreateInfo *);
BLResult blContextDestroy(BLContextCore *);
BLResult blContextFlush(BLContextCore *, uint32_t);
BLResult blContextFillRectDRgba32(BLContextCore *, const BLRect *, uint32_t);
BLResult blContextFillPathDRgba32(BLContextCore *, const BLPoint *, const BLPathCore *, uint32_t);
BLResult blPathInit(BLPathCore *);
BLResult blPathDestroy(BLPathCore *);
BLResult blPathMoveTo(BLPathCore *, double, double);
BLResult blPathLineTo(BLPathCore *, double, double);
BLResult blPathCubicTo(BLPathCore *, double, double, double, double, double, double);
BLResult blPathClose(BLPathCore *);

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static int compare_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static double median_ms(uint64_t *v, size_t n) {
    qsort(v, n, sizeof *v, compare_u64);
    return v[n / 2] / 1e6;
}

/* A rounded rectangle with radius r on the top corners and rt on the bottom ones (0: square),
   each corner a quarter circle as one cubic, as the renderer's own rounded rectangles. */
static void rounded_rect(BLPathCore *p, double x, double y, double w, double h, double rt, double rb) {
    const double k = 0.5522847498;
    blPathMoveTo(p, x + rt, y);
    blPathLineTo(p, x + w - rt, y);
    if (rt > 0) blPathCubicTo(p, x + w - rt + k * rt, y, x + w, y + rt - k * rt, x + w, y + rt);
    blPathLineTo(p, x + w, y + h - rb);
    if (rb > 0) blPathCubicTo(p, x + w, y + h - rb + k * rb, x + w - rb + k * rb, y + h, x + w - rb, y + h);
    blPathLineTo(p, x + rb, y + h);
    if (rb > 0) blPathCubicTo(p, x + rb - k * rb, y + h, x, y + h - rb + k * rb, x, y + h - rb);
    blPathLineTo(p, x, y + rt);
    if (rt > 0) blPathCubicTo(p, x, y + rt - k * rt, x + rt - k * rt, y, x + rt, y);
    blPathClose(p);
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: %s WIDTH HEIGHT [sse4.2]\n", argv[0]); return 2; }
    int W = atoi(argv[1]), H = atoi(argv[2]);
    int sse = argc > 3 && strcmp(argv[3], "sse4.2") == 0;
    if (W <= 0 || H <= 0 || W > 8192 || H > 8192) { fprintf(stderr, "bad size\n"); return 2; }
    size_t bytes = (size_t)W * H * 4, poolBytes = (size_t)256 << 20;
    if (poolBytes < bytes * 8) poolBytes = bytes * 8;
    uint32_t *frame = aligned_alloc(64, (bytes + 63) / 64 * 64);
    char *pool = malloc(poolBytes);
    if (!frame || !pool) { fprintf(stderr, "no memory\n"); return 1; }
    memset(frame, 0, bytes);
    memset(pool, 1, poolBytes);
    size_t slots = poolBytes / bytes;

    BLImageCore image;
    BLContextCore ctx;
    BLContextCreateInfo info;
    memset(&info, 0, sizeof info);
    if (sse) {
        info.flags = BL_CONTEXT_CREATE_FLAG_ISOLATED_JIT_RUNTIME | BL_CONTEXT_CREATE_FLAG_OVERRIDE_CPU_FEATURES;
        info.cpuFeatures = BL_CPU_SSE2 | BL_CPU_SSE3 | BL_CPU_SSSE3 | BL_CPU_SSE4_1 | BL_CPU_SSE4_2;
    }
    if (blImageInitAsFromData(&image, W, H, BL_FORMAT_PRGB32, frame, (intptr_t)W * 4, BL_DATA_ACCESS_RW, NULL, NULL)
        || blContextInitAs(&ctx, &image, &info)) {
        fprintf(stderr, "Blend2D: no context\n");
        return 1;
    }
    double top = H - (double)(int)(0.6 * H + 0.5);
    BLPathCore drawer, pill;
    blPathInit(&drawer);
    blPathInit(&pill);
    rounded_rect(&drawer, 0, top, W, H - top, 12, 0);
    rounded_rect(&pill, (W - 36) / 2.0, top + 6, 36, 5, 2.5, 2.5);
    BLRect whole = { 0, 0, W, H };
    BLPoint origin = { 0, 0 };

    enum { rounds = 5, perRound = 60, warmup = 30 };
    uint64_t dim[rounds * perRound], body[rounds * perRound], copies[rounds * perRound];
    size_t nd = 0, nc = 0;
    for (int round = 0; round < rounds; round++) {
        for (int i = 0; i < (round == 0 ? warmup : 0) + perRound; i++) {
            blContextFillRectDRgba32(&ctx, &whole, 0xFF6E8FB0u);
            blContextFlush(&ctx, BL_CONTEXT_FLUSH_SYNC);
            uint64_t t0 = now_ns();
            blContextFillRectDRgba32(&ctx, &whole, 0x59000000u);
            blContextFlush(&ctx, BL_CONTEXT_FLUSH_SYNC);
            uint64_t t1 = now_ns();
            blContextFillPathDRgba32(&ctx, &origin, &drawer, 0xFFFFFFFFu);
            blContextFillPathDRgba32(&ctx, &origin, &pill, 0xFFC7C7CCu);
            blContextFlush(&ctx, BL_CONTEXT_FLUSH_SYNC);
            uint64_t t2 = now_ns();
            if (round > 0 || i >= warmup) { dim[nd] = t1 - t0; body[nd] = t2 - t1; nd++; }
        }
        for (int i = 0; i < (round == 0 ? warmup : 2) + perRound; i++) {
            uint64_t t0 = now_ns();
            memcpy(frame, pool + (size_t)(i % (int)slots) * bytes, bytes);
            uint64_t t1 = now_ns();
            if (i >= (round == 0 ? warmup : 2)) copies[nc++] = t1 - t0;
        }
    }
    double memcpyMS = median_ms(copies, nc), dimMS = median_ms(dim, nd), bodyMS = median_ms(body, nd);
    printf("{\"simd\": \"%s\", \"size\": \"%dx%d\", \"memcpy_ms\": %.4f, \"dim_ms\": %.4f, \"dim_over_memcpy\": %.4f, "
           "\"drawer_pill_ms\": %.4f, \"drawer_pill_over_memcpy\": %.4f}\n",
           sse ? "sse4.2" : "widest", W, H, memcpyMS, dimMS, dimMS / memcpyMS, bodyMS, bodyMS / memcpyMS);
    blPathDestroy(&pill);
    blPathDestroy(&drawer);
    blContextDestroy(&ctx);
    blImageDestroy(&image);
    free(pool);
    free(frame);
    return 0;
}
