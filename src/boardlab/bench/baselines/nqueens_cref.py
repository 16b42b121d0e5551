"""Small C N-Queens counters, the references that `boardlab bench` measures us against.

* `plain` (the reference of the counting targets): the textbook bitboard counter (recursive, one
  bit per column and diagonal) with the left/right mirror halving: first-row queens in the
  left half count twice, the middle one (odd n) once. No other symmetry, no threads: the fast
  single-core C a user would write or find.
* `fullsym`: our own C rendering of Takahashi's 2003 full-symmetry algorithm (the algorithm of
  `fullsym.py`, recursive as he wrote it, single core), printing the total and the fundamental
  count: how far the numba kernels are from C doing the same work.

They are compiled with `gcc -O3` (or `cc`) at benchmark time into a cache directory; where no
compiler exists, `compile_reference` returns None and the comparison is skipped.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
import time

PLAIN = r"""
/* boardlab reference: plain bitboard N-Queens counter with left/right mirror halving. */
#include <stdio.h>
#include <stdlib.h>

static unsigned long long all;

static unsigned long long solve(unsigned long long cols, unsigned long long ld, unsigned long long rd) {
    if (cols == all) return 1;
    unsigned long long count = 0;
    unsigned long long avail = all & ~(cols | ld | rd);
    while (avail) {
        unsigned long long bit = avail & (~avail + 1);
        avail ^= bit;
        count += solve(cols | bit, ((ld | bit) << 1) & all, (rd | bit) >> 1);
    }
    return count;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 8;
    if (n < 1 || n > 63) { fprintf(stderr, "n must be 1..63\n"); return 2; }
    all = (1ULL << n) - 1;
    unsigned long long total = 0;
    for (int c = 0; c < n / 2; c++) {
        unsigned long long bit = 1ULL << c;
        total += 2 * solve(bit, (bit << 1) & all, bit >> 1);
    }
    if (n % 2) {
        unsigned long long bit = 1ULL << (n / 2);
        total += solve(bit, (bit << 1) & all, bit >> 1);
    }
    printf("%llu\n", total);
    return 0;
}
"""


FULLSYM = r"""
/* boardlab reference: full-symmetry N-Queens counter after Takahashi (2003), single core.
   Prints the total and the number of fundamental solutions. */
#include <stdio.h>
#include <stdlib.h>

static int size, sizee, bound1, bound2;
static long long mask, sidemask, lastmask, topbit, endbit;
static long long board[64];
static long long count2, count4, count8;

/* A side-kind solution: counted by the size of its class unless a rotation is smaller. */
static void check(void) {
    int own, you;
    long long bit, ptn;
    if (board[bound2] == 1) {
        for (ptn = 2, own = 1; own <= sizee; own++, ptn <<= 1) {
            bit = 1;
            for (you = sizee; board[you] != ptn && board[own] >= bit; you--) bit <<= 1;
            if (board[own] > bit) return;
            if (board[own] < bit) break;
        }
        if (own > sizee) { count2++; return; }
    }
    if (board[sizee] == endbit) {
        for (you = sizee - 1, own = 1; own <= sizee; own++, you--) {
            bit = 1;
            for (ptn = topbit; ptn != board[you] && board[own] >= bit; ptn >>= 1) bit <<= 1;
            if (board[own] > bit) return;
            if (board[own] < bit) break;
        }
        if (own > sizee) { count4++; return; }
    }
    if (board[bound1] == topbit) {
        for (ptn = topbit >> 1, own = 1; own <= sizee; own++, ptn >>= 1) {
            bit = 1;
            for (you = 0; board[you] != ptn && board[own] >= bit; you++) bit <<= 1;
            if (board[own] > bit) return;
            if (board[own] < bit) break;
        }
    }
    count8++;
}

static void side(int y, long long left, long long down, long long right) {
    long long bitmap = mask & ~(left | down | right), bit;
    if (y == sizee) {
        if (bitmap && !(bitmap & lastmask)) { board[y] = bitmap; check(); }
        return;
    }
    if (y < bound1) {
        bitmap &= ~sidemask;
    } else if (y == bound2) {
        if (!(down & sidemask)) return;
        if ((down & sidemask) != sidemask) bitmap &= sidemask;
    }
    while (bitmap) {
        bit = bitmap & -bitmap;
        bitmap ^= bit;
        board[y] = bit;
        side(y + 1, (left | bit) << 1, down | bit, (right | bit) >> 1);
    }
}

static void corner(int y, long long left, long long down, long long right) {
    long long bitmap = mask & ~(left | down | right), bit;
    if (y == sizee) {
        if (bitmap) count8++;
        return;
    }
    if (y < bound1) bitmap &= ~2LL;
    while (bitmap) {
        bit = bitmap & -bitmap;
        bitmap ^= bit;
        corner(y + 1, (left | bit) << 1, down | bit, (right | bit) >> 1);
    }
}

int main(int argc, char **argv) {
    long long bit;
    size = argc > 1 ? atoi(argv[1]) : 8;
    if (size < 5 || size > 62) { fprintf(stderr, "n must be 5..62\n"); return 2; }
    sizee = size - 1;
    mask = (1LL << size) - 1;
    board[0] = 1;
    for (bound1 = 2; bound1 < sizee; bound1++) {
        board[1] = bit = 1LL << bound1;
        corner(2, (2 | bit) << 1, 1 | bit, bit >> 1);
    }
    topbit = 1LL << sizee;
    sidemask = lastmask = topbit | 1;
    endbit = topbit >> 1;
    for (bound1 = 1, bound2 = size - 2; bound1 < bound2; bound1++, bound2--) {
        board[0] = bit = 1LL << bound1;
        side(1, bit << 1, bit, bit >> 1);
        lastmask |= lastmask >> 1 | lastmask << 1;
        endbit >>= 1;
    }
    printf("%lld %lld\n", 2 * count2 + 4 * count4 + 8 * count8, count2 + count4 + count8);
    return 0;
}
"""

SOURCES = {"plain": PLAIN, "fullsym": FULLSYM}


def compiler() -> str | None:
    """The C compiler to use (gcc, else cc), or None."""
    return shutil.which("gcc") or shutil.which("cc")


def compile_reference(directory: str | None = None, kind: str = "plain") -> str | None:
    """Compile the `kind` program once (cached by its hash); its executable's path, or None."""
    cc = compiler()
    if cc is None:
        return None
    directory = directory or os.path.join(tempfile.gettempdir(), "boardlab-cref")
    os.makedirs(directory, exist_ok=True)
    source_text = SOURCES[kind]
    tag = hashlib.sha256((source_text + cc).encode()).hexdigest()[:12]
    binary = os.path.join(directory, f"nqueens-{kind}-{tag}")
    if os.path.exists(binary):
        return binary
    source = os.path.join(directory, f"nqueens-{kind}-{tag}.c")
    with open(source, "w", encoding="utf-8") as handle:
        handle.write(source_text)
    partial = binary + f".{os.getpid()}"
    done = subprocess.run([cc, "-O3", "-o", partial, source], capture_output=True, text=True)
    if done.returncode != 0:
        return None
    os.replace(partial, binary)
    return binary


def run_reference(binary: str, n: int) -> tuple[int, float]:
    """(total count, whole-process wall seconds) of a reference program for n."""
    start = time.perf_counter()
    done = subprocess.run([binary, str(n)], capture_output=True, text=True, check=True)
    return int(done.stdout.split()[0]), time.perf_counter() - start
