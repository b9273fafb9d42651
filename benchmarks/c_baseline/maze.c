/*
 * maze.c - the C baseline of benchmarks/bench_batch.py and benchmarks/bench_core.py.
 *
 * What it measures: the time per maze of plain C doing the work of
 * meiro.generate_batch(N, W, H, seed=0, solver="bfs"), on this machine:
 *
 *   carve   the dig method (randomised depth-first search, "recursive backtracker")
 *           from the corner goal, the bottom-right cell, as meiro digs that recipe:
 *           iterative with an explicit stack of directions, one byte per cell
 *           (bit 0 open east, bit 1 open south, bit 2 dug) in an array padded
 *           with a ring of cells marked dug, SplitMix64 as the PRNG;
 *   expand  the (2H+1) x (2W+1) block grid (1 = wall), one byte per block,
 *           into a stacked array of N grids;
 *   search  breadth-first search over the cells from the start cell (0, 0),
 *           until it takes the bottom-right cell off its queue, as meiro's does;
 *   mark    the path, traced back from that cell, set to 1 in a stacked array
 *           of N block grids (cleared first).
 *
 * The seeds, the PRNG draws and the order of the directions are meiro's, so
 * these are the very mazes of generate_batch(N, W, H, seed=0): the sum of the
 * path lengths ("steps") must equal sum(batch.lengths).
 *
 * In "far" mode it does the work of meiro.generate(W, H, seed=k) and of
 * meiro.solve(maze, "bfs") on that maze with goal="farthest", for k = 0 to N-1:
 * each maze is carved and expanded as above, but in memory of its own (the
 * cells, the stack and the block grid allocated for it, inside the timing);
 * the search then takes every cell off its queue, and the path from the start
 * to the last one, a farthest cell, is traced back into a list of block
 * indices. The steps are again meiro's: the sum of those paths' lengths.
 *
 * Why it is here: a reference the repository carries, so that the ratios in
 * README (meiro's time per maze over plain C's) can be reproduced on any machine
 * with a C compiler. It is short on purpose: what a careful C programmer would
 * write in an afternoon, not a tuned kernel.
 *
 * Build: cc -O2 -march=native -o maze maze.c   (plain C99 and POSIX clocks)
 * Usage: maze W H N [REPEAT [far]]       (W and H from 1 to 16384)
 * Prints one JSON line: seconds per maze for generation (carve + expand), for
 * search (search + mark) and in total, each the best of REPEAT runs (default 3)
 * over the N mazes after one warm-up run; the search is the total minus a
 * generation-only run. Also the total path steps, a checksum of every grid and
 * path (so the compiler cannot drop the work) and the peak resident memory.
 * In far mode the generation and the search (search + trace) are timed apart,
 * the line also says "mode": "far" and how many cells the searches took off
 * their queues ("reached", N*W*H), and the checksum is over each maze's grid
 * and the bytes of its path's block indices.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

enum { EAST = 1, SOUTH = 2, DUG = 4 };

#define GOLDEN 0x9E3779B97F4A7C15ull
#define STREAM 0xD1B54A32D192ED03ull
#define OFFSET 0x632BE59BD9B4E019ull

static uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* meiro's mix_seed(seed, stream): the initial PRNG state of a seed and a stream */
static uint64_t mix_seed(uint64_t seed, uint64_t stream) {
    return mix(seed * GOLDEN + stream * STREAM + OFFSET);
}

/* SplitMix64: a uniform draw in [0, n) from the high 32 bits (multiply-shift) */
static unsigned below(uint64_t *state, unsigned n) {
    *state += GOLDEN;
    return (unsigned)(((mix(*state) >> 32) * n) >> 32);
}

typedef struct {
    int w, h, padded, rows, cols;
    uint8_t *cells, *stack;  /* (W+2)(H+2) padded cells; one direction per level */
    int32_t *queue;          /* W*H cell indices */
} Maze;

/* The PRNG state of maze k of generate_batch(N, W, H, seed=0): meiro's seeds give maze k
 * of batch seed 0 the seed mix_seed(0, 1 + k), which digs with stream 0. */
static uint64_t batch_state(uint64_t k) {
    return mix_seed(mix_seed(0, 1 + k), 0);
}

/* Carve a maze from PRNG state into cells and expand it into grid, digging from cell (0, 0),
 * or with from_goal from the bottom-right cell: meiro digs from the goal when the goal is
 * the corner, fixed in advance (generate_batch's default), as the Tk article does. */
static void generate(Maze *m, uint64_t state, uint8_t *grid, int from_goal) {
    const int w = m->w, h = m->h, padded = m->padded, cols = m->cols;
    const int step[4] = {-padded, 1, padded, -1};  /* north, east, south, west */
    uint8_t *cells = m->cells;

    memset(cells, DUG, (size_t)padded * (h + 2));
    for (int y = 1; y <= h; y++)
        memset(cells + y * padded + 1, 0, (size_t)w);
    int i = from_goal ? h * padded + w : padded + 1, depth = 0;  /* cell (W-1, H-1) or (0, 0) */
    cells[i] = DUG;
    for (;;) {
        int choice[4], n = 0;  /* the directions to cells not dug yet */
        if (!(cells[i - padded] & DUG)) choice[n++] = 0;
        if (!(cells[i + 1] & DUG)) choice[n++] = 1;
        if (!(cells[i + padded] & DUG)) choice[n++] = 2;
        if (!(cells[i - 1] & DUG)) choice[n++] = 3;
        if (n == 0) {
            if (depth == 0)
                break;
            i -= step[m->stack[--depth]];
            continue;
        }
        int d = n == 1 ? choice[0] : choice[below(&state, (unsigned)n)];
        int j = i + step[d];
        /* a passage is kept on the cell to its north or west */
        if (d == 0) cells[j] |= SOUTH;
        else if (d == 1) cells[i] |= EAST;
        else if (d == 2) cells[i] |= SOUTH;
        else cells[j] |= EAST;
        cells[j] |= DUG;
        m->stack[depth++] = (uint8_t)d;
        i = j;
    }

    memset(grid, 1, (size_t)cols);
    for (int y = 0; y < h; y++) {
        const uint8_t *bits = cells + (y + 1) * padded + 1;
        uint8_t *row = grid + (2 * y + 1) * cols, *under = row + cols;
        row[0] = under[0] = 1;
        for (int x = 0; x < w; x++) {
            row[2 * x + 1] = !(bits[x] & DUG);
            row[2 * x + 2] = !(bits[x] & EAST);
            under[2 * x + 1] = !(bits[x] & SOUTH);
            under[2 * x + 2] = 1;
        }
    }
}

/* Breadth-first search over the cells from cell (0, 0) until it takes target off its
 * queue (-1: until the queue is empty, the whole maze); returns the last cell it took
 * off, and in *taken how many it took. The reached-from direction, plus one, is kept
 * in bits 3-5 of each cell. */
static int bfs(Maze *m, int target, int *taken) {
    const int padded = m->padded;
    uint8_t *cells = m->cells;
    int32_t *queue = m->queue;
    const int source = padded + 1;
    int head = 0, tail = 0;

    cells[source] |= 5 << 3;
    queue[tail++] = source;
    while (head < tail) {
        int i = queue[head++];
        if (i == target)
            break;
        int j = i - padded;
        if ((cells[j] & SOUTH) && !(cells[j] >> 3)) { cells[j] |= 1 << 3; queue[tail++] = j; }
        j = i + 1;
        if ((cells[i] & EAST) && !(cells[j] >> 3)) { cells[j] |= 2 << 3; queue[tail++] = j; }
        j = i + padded;
        if ((cells[i] & SOUTH) && !(cells[j] >> 3)) { cells[j] |= 3 << 3; queue[tail++] = j; }
        j = i - 1;
        if ((cells[j] & EAST) && !(cells[j] >> 3)) { cells[j] |= 4 << 3; queue[tail++] = j; }
    }
    *taken = head;
    return queue[head - 1];
}

/* Search from cell (0, 0) to the bottom-right cell and mark the path in path;
 * returns its length in steps (blocks). */
static int solve(Maze *m, uint8_t *path) {
    const int padded = m->padded, cols = m->cols;
    const uint8_t *cells = m->cells;
    const int source = padded + 1, target = m->h * padded + m->w;
    int taken;
    bfs(m, target, &taken);

    const int back[4] = {padded, -1, -padded, 1};  /* undo a move north, east, south, west */
    const int block_back[4] = {cols, -1, -cols, 1};
    int i = target, b = (2 * m->h - 1) * cols + 2 * m->w - 1, steps = 0;
    memset(path, 0, (size_t)m->rows * cols);
    path[b] = 1;
    while (i != source) {
        int d = (cells[i] >> 3) - 1;
        i += back[d];
        path[b + block_back[d]] = 1;
        b += 2 * block_back[d];
        path[b] = 1;
        steps += 2;
    }
    return steps;
}

/* Trace the path from cell i back to cell (0, 0) into route, as flat block indices
 * from i's block to the start's; returns its length in steps (blocks). */
static int trace(const Maze *m, int i, int32_t *route) {
    const int padded = m->padded, cols = m->cols, source = padded + 1;
    const int back[4] = {padded, -1, -padded, 1};  /* undo a move north, east, south, west */
    const int block_back[4] = {cols, -1, -cols, 1};
    int b = (2 * (i / padded) - 1) * cols + 2 * (i % padded) - 1, steps = 0;
    route[0] = b;
    while (i != source) {
        int d = (m->cells[i] >> 3) - 1;
        i += back[d];
        b += block_back[d];
        route[++steps] = b;
        b += block_back[d];
        route[++steps] = b;
    }
    return steps;
}

/* FNV-1a over the 64-bit little-endian words of n bytes (the last one zero-padded) */
static uint64_t fold(uint64_t hash, const uint8_t *bytes, size_t n) {
    for (size_t i = 0; i < n; i += 8) {
        uint64_t word = 0;
        for (size_t b = 0; b < 8 && i + b < n; b++)
            word |= (uint64_t)bytes[i + b] << (8 * b);
        hash = (hash ^ word) * 0x100000001B3ull;
    }
    return hash;
}

/* Peak resident memory in KiB: Linux's VmHWM where there is one (getrusage's peak
 * would also count the process this one was started from), else getrusage's. */
static long peak_kib(void) {
    long kib = -1;
    char line[128];
    FILE *status = fopen("/proc/self/status", "r");
    while (status && fgets(line, sizeof line, status))
        if (strncmp(line, "VmHWM:", 6) == 0)
            kib = atol(line + 6);
    if (status)
        fclose(status);
    if (kib < 0) {
        struct rusage usage;
        getrusage(RUSAGE_SELF, &usage);
        kib = usage.ru_maxrss;
    }
    return kib;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* All n mazes, with or without the search; returns the seconds taken and the total steps. */
static double run(Maze *m, long n, uint8_t *grids, uint8_t *paths, int search, long long *steps) {
    size_t blocks = (size_t)m->rows * m->cols;
    long long total = 0;
    double t0 = now();
    for (long k = 0; k < n; k++) {
        generate(m, batch_state((uint64_t)k), grids + k * blocks, 1);
        if (search)
            total += solve(m, paths + k * blocks);
    }
    double seconds = now() - t0;
    *steps = total;
    return seconds;
}

/* Far mode: the N mazes of meiro.generate(W, H, seed=k), k = 0 to N-1, each made in memory
 * of its own, searched to a farthest cell and its path traced. Prints the JSON line and
 * returns the exit status (3: out of memory). */
static int far(Maze *m, long n, int repeat) {
    const size_t blocks = (size_t)m->rows * m->cols, cells = (size_t)m->w * m->h;
    double gen = 1e300, search_time = 1e300, total = 1e300;
    long long steps = 0, reached = 0;
    uint64_t checksum = 0xCBF29CE484222325ull;
    /* the search's queue and path are made once, outside the clock: a full-size queue freshly
     * mapped for each search would charge C for page faults meiro's small growing ring
     * never pays, and flatter meiro */
    m->queue = malloc(sizeof(int32_t) * cells);
    int32_t *route = malloc(sizeof(int32_t) * (2 * cells - 1));
    if (!m->queue || !route)
        return 3;
    for (int r = -1; r < repeat; r++) {  /* run -1 is the warm-up */
        double g = 0, s = 0;
        steps = 0;
        reached = 0;
        checksum = 0xCBF29CE484222325ull;
        for (long k = 0; k < n; k++) {
            double t0 = now();
            m->cells = malloc((size_t)m->padded * (m->h + 2));
            m->stack = malloc(cells);
            uint8_t *grid = malloc(blocks);
            if (!m->cells || !m->stack || !grid)
                return 3;
            generate(m, mix_seed((uint64_t)k, 0), grid, 0);
            free(m->stack);
            double t1 = now();
            int taken;
            int length = trace(m, bfs(m, -1, &taken), route);
            double t2 = now();
            g += t1 - t0;
            s += t2 - t1;
            steps += length;
            reached += taken;
            checksum = fold(fold(checksum, grid, blocks), (const uint8_t *)route,
                            sizeof(int32_t) * ((size_t)length + 1));
            free(m->cells); free(grid);
        }
        if (r < 0)
            continue;
        if (g < gen) gen = g;
        if (s < search_time) search_time = s;
        if (g + s < total) total = g + s;
    }
    free(m->queue);
    free(route);
    printf("{\"w\": %d, \"h\": %d, \"n\": %ld, \"repeat\": %d, \"mode\": \"far\", \"gen_s\": %.6g, "
           "\"search_s\": %.6g, \"total_s\": %.6g, \"steps\": %lld, \"reached\": %lld, "
           "\"checksum\": \"%016llx\", \"maxrss_kb\": %ld}\n",
           m->w, m->h, n, repeat, gen / n, search_time / n, total / n, steps, reached,
           (unsigned long long)checksum, peak_kib());
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 4 || argc > 6 || (argc == 6 && strcmp(argv[5], "far") != 0)) {
        fprintf(stderr, "usage: %s W H N [REPEAT [far]]\n", argv[0]);
        return 2;
    }
    int w = atoi(argv[1]), h = atoi(argv[2]), repeat = argc > 4 ? atoi(argv[4]) : 3;
    long n = atol(argv[3]);
    /* 16384: every block index of a (2H+1) x (2W+1) grid still fits an int */
    if (w < 1 || h < 1 || w > 16384 || h > 16384 || n < 1 || repeat < 1) {
        fprintf(stderr, "W and H must be 1 to 16384, N and REPEAT at least 1\n");
        return 2;
    }
    Maze m = {w, h, w + 2, 2 * h + 1, 2 * w + 1, NULL, NULL, NULL};
    if (argc == 6) {
        int status = far(&m, n, repeat);
        if (status == 3)
            fprintf(stderr, "out of memory\n");
        return status;
    }
    size_t blocks = (size_t)m.rows * m.cols;
    m.cells = malloc((size_t)m.padded * (h + 2));
    m.stack = malloc((size_t)w * h);
    m.queue = malloc(sizeof(int32_t) * (size_t)w * h);
    uint8_t *grids = malloc(blocks * n), *paths = malloc(blocks * n);
    if (!m.cells || !m.stack || !m.queue || !grids || !paths) {
        fprintf(stderr, "out of memory\n");
        return 3;
    }

    long long steps;
    run(&m, n, grids, paths, 1, &steps);  /* warm-up: pages, caches, branch predictors */
    double gen = 1e300, total = 1e300;
    for (int r = 0; r < repeat; r++) {
        double g = run(&m, n, grids, paths, 0, &steps);
        double t = run(&m, n, grids, paths, 1, &steps);
        if (g < gen) gen = g;
        if (t < total) total = t;
    }

    /* FNV-1a over the 64-bit little-endian words of the bytes grid | path << 1 (zero-padded) */
    uint64_t checksum = 0xCBF29CE484222325ull;
    for (size_t i = 0; i < blocks * n; i += 8) {
        uint64_t word = 0;
        for (size_t b = 0; b < 8 && i + b < blocks * n; b++)
            word |= (uint64_t)(grids[i + b] | paths[i + b] << 1) << (8 * b);
        checksum = (checksum ^ word) * 0x100000001B3ull;
    }
    printf("{\"w\": %d, \"h\": %d, \"n\": %ld, \"repeat\": %d, \"gen_s\": %.6g, \"search_s\": %.6g, "
           "\"total_s\": %.6g, \"steps\": %lld, \"checksum\": \"%016llx\", \"maxrss_kb\": %ld}\n",
           w, h, n, repeat, gen / n, (total - gen) / n, total / n, steps,
           (unsigned long long)checksum, peak_kib());
    free(m.cells); free(m.stack); free(m.queue); free(grids); free(paths);
    return 0;
}
