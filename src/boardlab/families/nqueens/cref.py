"""A small plain C N-Queens counter, the reference that `boardlab bench` measures us against.

The program is the textbook bitboard counter (recursive, one bit per column and diagonal) with
the left/right mirror halving: first-row queens in the left half count twice, the middle one
(odd n) once. No other symmetry, no threads: the fast single-core C a user would write or find.
It is compiled with `gcc -O3` (or `cc`) at benchmark time into a cache directory; where no
compiler exists, `compile_reference` returns None and the comparison is skipped.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
import time

SOURCE = r"""
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


def compiler() -> str | None:
    """The C compiler to use (gcc, else cc), or None."""
    return shutil.which("gcc") or shutil.which("cc")


def compile_reference(directory: str | None = None) -> str | None:
    """Compile SOURCE once (cached by its hash) and return the executable's path, or None."""
    cc = compiler()
    if cc is None:
        return None
    directory = directory or os.path.join(tempfile.gettempdir(), "boardlab-cref")
    os.makedirs(directory, exist_ok=True)
    tag = hashlib.sha256((SOURCE + cc).encode()).hexdigest()[:12]
    binary = os.path.join(directory, f"nqueens-plain-{tag}")
    if os.path.exists(binary):
        return binary
    source = os.path.join(directory, f"nqueens-plain-{tag}.c")
    with open(source, "w", encoding="utf-8") as handle:
        handle.write(SOURCE)
    partial = binary + f".{os.getpid()}"
    done = subprocess.run([cc, "-O3", "-o", partial, source], capture_output=True, text=True)
    if done.returncode != 0:
        return None
    os.replace(partial, binary)
    return binary


def run_reference(binary: str, n: int) -> tuple[int, float]:
    """(count, whole-process wall seconds) of the reference program for n."""
    start = time.perf_counter()
    done = subprocess.run([binary, str(n)], capture_output=True, text=True, check=True)
    return int(done.stdout.strip()), time.perf_counter() - start
