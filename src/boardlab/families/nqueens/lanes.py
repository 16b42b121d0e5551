"""The constellation count with 8 searches in lockstep, one per SIMD lane (`--method lanes`).

The scalar kernel (`constellation.count_unit`) spends most of its time in mispredicted
branches: every backtracking step decides "descend, skip or return" on data no predictor can
guess (docs/nqueens.md, "Issue 18"). Here 8 work units are searched at once, each in one 32-bit
lane of a vector, and a step makes all three moves' results for every lane and then picks one
per lane with a select: the loop has a single branch, taken only when some lane has finished
its unit (then the driver gives that lane the next unit, "refill") or after `CAP` steps. The
step is written directly as LLVM vector IR (a numba `intrinsic` building `<8 x i32>`
operations): numba's own loops over small lane arrays were neither vectorised nor branch-free
(LLVM turned the selects back into branches), 4 times slower than the scalar kernel; with
explicit vectors LLVM emits AVX2 (`vpsllvd`, `vpblendvb`, ...) on this machine and plain
SSE or scalar code elsewhere, the same results.

A lane's state is its level y (an index into its rows of the lane tables), its three attack
masks L, D, R of level y and A, the columns of row y not yet tried. A step takes bit = the
lowest column of A and computes the child (level y + 1, its free columns nb, the look-ahead
on level y + 2 and, when the child is the last-but-one free row, the count of the last two
rows as `constellation._finish_two`); it descends when the child is live, stays (A without
bit) when not, and returns to level y - 1 when A is empty. The per-lane stacks cost a
scatter (each lane stores A at its own level; AVX2 has no scatter, so 8 scalar stores) and a
gather (the A of level y - 1, read every step and used when returning). The masks are not
stored: the parent's are recomputed from the child's, L_p = (L >> s) ^ bit, D_p = D ^ bit,
R_p = (R << s) ^ bit (s the row distance, bit the parent's column, the lowest column of its
stored A), which is exact as long as no bit that matters was shifted out of the 32 bits:

* L moves up by the row distance at each level. A bit of L matters at a level while it is
  below n; kept levels are rows 2 .. n - 4 for the bits of placed queens (the first free row
  is row 1 or later, its queen's bits start one row lower, and a lane never stores the level
  of the last two free rows, which are at most rows n - 3 and n - 2). So a bit that matters at
  some level moves up by at most n - 6 before it is restored, to at most 2n - 7 <= 31 when
  n <= 19.
* R moves down; it is kept shifted up by K = max(0, n - 6) bits (column c at bit K + c), so a
  bit of a column >= 0 falls at most n - 6 below, not under bit 0, and the highest bit is
  K + n - 1 <= 31 when n <= 19.

Hence `MAX_N` = 19. The lane totals are 32-bit: the kernel returns to the driver at least every
`CAP` = 2**22 steps, which adds them into 64-bit sums (a step adds at most n).

The fundamental count needs, for the units of constellations fixed by the 180 degree rotation,
their solutions fixed by the rotations: `count_symmetric` finds those by their upper half (the
scalar method walks the whole unit with `count_unit_checked` and tests every solution); their
totals come from the lanes like all others.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit, prange, types
from numba.extending import intrinsic

from boardlab.core import compiling
from boardlab.families.nqueens import constellation

compiling.watch()

#: Largest n counted in 32-bit lanes (the module docstring proves the masks exact up to it).
MAX_N = 19
#: Lanes per vector: 8 x 32 bits, one AVX2 register.
LANES = 8
#: The kernel returns to the driver after at most this many steps (the lane totals are 32-bit).
CAP = 1 << 22
#: The executors give this method chunks of this many times the units of the other methods
#: (up to a quarter of the units per worker): a chunk's lanes idle once its units run out.
CHUNK_FACTOR = 8
#: Groups of units (each through its own lanes) of a batch on numba's threads.
GROUPS = 8
#: The state vector's fields (LANES entries each): level, masks, untried columns, first level,
#: lane total, active flag, row distance to and free columns of the last row, R's offset K.
F_Y, F_L, F_D, F_R, F_A, F_FIRST, F_TOT, F_ACT, F_STEP, F_LAST, F_OFF = range(11)
FIELDS = 11
#: The lane table word of a level y: the free columns of row y + 1 (24 bits), the row distances
#: y -> y + 1, y + 1 -> y + 2 and y - 1 -> y (2 bits each) and a flag: y + 1 is the last-but-one.
_FREE_BITS, _S, _S2, _SP, _PEN = 24, 24, 26, 28, 30


@intrinsic
def _run(typingctx, state, table, stack):  # type: ignore[no-untyped-def]
    """Step all lanes until one has finished its unit or `CAP` steps are done; return the
    steps. `state`: FIELDS x LANES uint32 (read, and written back), `table`: the lane tables
    (per level its word and the free columns of level + 2, side by side: one 64-bit load),
    `stack`: the untried columns per level."""
    arrays = (state, table, stack)
    if not all(isinstance(a, types.Array) and a.dtype == types.uint32 and a.ndim == 1 for a in arrays):
        return None
    signature = types.int64(state, table, stack)

    def codegen(context, builder, sig, args):  # type: ignore[no-untyped-def]
        S, TAB, STK = (context.make_array(sig.args[i])(context, builder, args[i]).data for i in range(3))
        b = builder
        i64, i32 = ir.IntType(64), ir.IntType(32)
        vec = ir.VectorType(i32, LANES)
        wide = ir.VectorType(i64, LANES)
        name = f"llvm.ctpop.v{LANES}i32"
        ctpop = b.module.globals.get(name) or ir.Function(b.module, ir.FunctionType(vec, [vec]), name)

        def splat(x: int) -> ir.Constant:
            return ir.Constant(vec, [ir.Constant(i32, x)] * LANES)

        def field(f: int) -> ir.Value:
            return b.bitcast(b.gep(S, [ir.Constant(i64, f * LANES)]), vec.as_pointer())

        def lane(k: int) -> ir.Constant:
            return ir.Constant(i64, k)

        def gather(base: ir.Value, index: ir.Value) -> ir.Value:
            out = ir.Constant(vec, ir.Undefined)
            for k in range(LANES):
                at = b.gep(base, [b.zext(b.extract_element(index, lane(k)), i64)])
                out = b.insert_element(out, b.load(at, align=4), lane(k))
            return out

        def scatter(base: ir.Value, index: ir.Value, value: ir.Value) -> None:
            for k in range(LANES):
                at = b.gep(base, [b.zext(b.extract_element(index, lane(k)), i64)])
                b.store(b.extract_element(value, lane(k)), at, align=4)

        zero, one = splat(0), splat(1)
        first = b.load(field(F_FIRST), align=4)
        active = b.icmp_unsigned("!=", b.load(field(F_ACT), align=4), zero)
        step = b.load(field(F_STEP), align=4)
        last = b.load(field(F_LAST), align=4)
        off = b.load(field(F_OFF), align=4)
        carried = (F_Y, F_L, F_D, F_R, F_A, F_TOT)
        entry = b.basic_block
        loop = b.append_basic_block("lanes.step")
        leave = b.append_basic_block("lanes.leave")
        start = [b.load(field(f), align=4) for f in carried]
        b.branch(loop)
        b.position_at_end(loop)
        phis = [b.phi(vec) for _ in carried]
        for phi, value in zip(phis, start):
            phi.add_incoming(value, entry)
        steps = b.phi(i64)
        steps.add_incoming(ir.Constant(i64, 0), entry)
        y, L, D, R, A, T = phis
        pairs = ir.Constant(wide, ir.Undefined)  # the lanes' (word, free columns of y + 2)
        T64 = b.bitcast(TAB, i64.as_pointer())
        for k in range(LANES):
            at = b.gep(T64, [b.zext(b.extract_element(y, lane(k)), i64)])
            pairs = b.insert_element(pairs, b.load(at, align=8), lane(k))
        word = b.trunc(pairs, vec)
        free2 = b.trunc(b.lshr(pairs, ir.Constant(wide, [ir.Constant(i64, 32)] * LANES)), vec)
        parent = gather(STK, y)
        scatter(STK, b.add(y, one), A)  # A of level y, read back on returning from level y + 1
        free1 = b.and_(word, splat((1 << _FREE_BITS) - 1))
        s = b.and_(b.lshr(word, splat(_S)), splat(3))
        s2 = b.and_(b.lshr(word, splat(_S2)), splat(3))
        sp = b.and_(b.lshr(word, splat(_SP)), splat(3))
        pen = b.icmp_unsigned("!=", b.and_(word, splat(1 << _PEN)), zero)
        empty = b.icmp_unsigned("==", A, zero)
        bit = b.and_(A, b.sub(zero, A))
        rest = b.xor(A, bit)
        nl = b.shl(b.or_(L, bit), s)
        nd = b.or_(D, bit)
        nR = b.lshr(b.or_(R, b.shl(bit, off)), s)
        nr = b.lshr(nR, off)
        nb = b.and_(b.not_(b.or_(b.or_(nl, nd), nr)), free1)
        look = b.and_(b.not_(b.or_(b.or_(b.shl(nl, s2), nd), b.lshr(nr, s2))), free2)
        # the last two free rows in place, as constellation._finish_two
        fl = b.and_(b.not_(b.or_(b.or_(b.shl(nl, step), nd), b.lshr(nr, step))), last)
        p = b.and_(fl, b.sub(zero, fl))

        def failing(x: ir.Value) -> ir.Value:
            attacks = b.or_(b.or_(x, b.shl(x, step)), b.lshr(x, step))
            covers = b.icmp_unsigned("==", b.and_(fl, b.not_(attacks)), zero)
            option = b.icmp_unsigned("!=", b.and_(x, nb), zero)
            return b.zext(b.and_(covers, option), vec)

        fails = b.add(b.add(failing(p), failing(b.lshr(p, step))), failing(b.shl(p, step)))
        found = b.sub(b.call(ctpop, [nb]), fails)
        counted = b.and_(b.and_(pen, b.not_(empty)), b.icmp_unsigned("!=", fl, zero))
        T2 = b.add(T, b.select(counted, found, zero))
        live = b.and_(b.icmp_unsigned("!=", nb, zero), b.icmp_unsigned("!=", look, zero))
        down = b.and_(b.and_(b.not_(empty), b.not_(pen)), live)
        at_first = b.icmp_unsigned("==", y, first)
        up = b.and_(empty, b.not_(at_first))
        pbit = b.and_(parent, b.sub(zero, parent))
        pL = b.xor(b.lshr(L, sp), pbit)
        pD = b.xor(D, pbit)
        pR = b.xor(b.shl(R, sp), b.shl(pbit, off))

        def choose(child: ir.Value, back: ir.Value, stay: ir.Value) -> ir.Value:
            return b.select(down, child, b.select(up, back, stay))

        new = (
            choose(b.add(y, one), b.sub(y, one), y),
            choose(nl, pL, L),
            choose(nd, pD, D),
            choose(nR, pR, R),
            choose(nb, b.xor(parent, pbit), rest),
            T2,
        )
        done = b.and_(b.and_(empty, at_first), active)
        mask = ir.IntType(LANES)
        finished = b.icmp_unsigned("!=", b.bitcast(done, mask), ir.Constant(mask, 0))
        steps2 = b.add(steps, ir.Constant(i64, 1))
        capped = b.icmp_unsigned(">=", steps2, ir.Constant(i64, CAP))
        here = b.basic_block
        for phi, value in zip(phis, new):
            phi.add_incoming(value, here)
        steps.add_incoming(steps2, here)
        b.cbranch(b.or_(finished, capped), leave, loop)
        b.position_at_end(leave)
        for f, value in zip(carried, new):
            b.store(value, field(f), align=4)
        return steps2

    return signature, codegen


@njit(cache=True, nogil=True)
def _count_lanes(
    n: int,
    units: np.ndarray,
    prefixes: np.ndarray,
    lengths: np.ndarray,
    which: np.ndarray,
    stop: np.ndarray,
    out: np.ndarray,
) -> None:
    """Column 0 of rows `which` of `out` (unit i: weight * S), 8 units at a time in the lanes;
    stops between units once `stop[0]` is raised."""
    u32 = np.uint32
    width = n + 2
    state = np.zeros(FIELDS * LANES, dtype=np.uint32)
    table = np.zeros(2 * LANES * width, dtype=np.uint32)
    stack = np.zeros(LANES * width, dtype=np.uint32)
    unit = np.zeros(LANES, dtype=np.int64)
    sums = np.zeros(LANES, dtype=np.int64)
    free = np.zeros(n + 2, dtype=np.uint64)
    order = np.zeros(n + 2, dtype=np.int64)
    shift = np.zeros(n + 2, dtype=np.uint64)
    off = max(0, n - 6)
    for k in range(LANES):
        state[F_OFF * LANES + k] = off
        # an idle lane steps in place at its own rows (its stores never reach another lane's)
        state[F_Y * LANES + k] = state[F_FIRST * LANES + k] = k * width
    taken = 0
    running = 0
    while True:
        for k in range(LANES):
            sums[k] += np.int64(state[F_TOT * LANES + k])
            state[F_TOT * LANES + k] = 0
            if state[F_A * LANES + k] != 0 or state[F_Y * LANES + k] != state[F_FIRST * LANES + k]:
                continue
            if state[F_ACT * LANES + k] != 0:
                out[unit[k], 0] = units[unit[k], 4] * sums[k]
                state[F_ACT * LANES + k] = 0
                running -= 1
            while taken < len(which) and stop[0] == 0:
                i = which[taken]
                taken += 1
                prefix = prefixes[i, : lengths[i]]
                a, b, c, d = units[i, 0], units[i, 1], units[i, 2], units[i, 3]
                free[:] = 0
                shift[:] = 0
                rows = constellation._prepare(n, a, b, c, d, free, order, shift)
                first = len(prefix)
                if first >= rows - 2:
                    out[i, 0] = units[i, 4] * constellation.count_unit(n, a, b, c, d, prefix)
                    continue
                l = dn = r = np.uint64(0)
                for y in range(first):
                    bit = np.uint64(prefix[y])
                    l = (l | bit) << shift[y]
                    dn = dn | bit
                    r = (r | (bit << np.uint64(off))) >> shift[y]
                base = k * width
                for y in range(rows):
                    word = free[y + 1] | (shift[y] << np.uint64(_S)) | (shift[y + 1] << np.uint64(_S2))
                    if y >= 1:
                        word |= shift[y - 1] << np.uint64(_SP)
                    if y + 1 == rows - 2:
                        word |= np.uint64(1) << np.uint64(_PEN)
                    table[2 * (base + y)] = u32(word)
                    table[2 * (base + y) + 1] = u32(free[y + 2])
                state[F_Y * LANES + k] = base + first
                state[F_FIRST * LANES + k] = base + first
                state[F_STEP * LANES + k] = u32(shift[rows - 2])
                state[F_LAST * LANES + k] = u32(free[rows - 1])
                state[F_L * LANES + k] = u32(l & np.uint64(0xFFFFFFFF))
                state[F_D * LANES + k] = u32(dn)
                state[F_R * LANES + k] = u32(r)
                state[F_A * LANES + k] = u32(~(l | dn | (r >> np.uint64(off))) & free[first])
                state[F_ACT * LANES + k] = 1
                sums[k] = 0
                unit[k] = i
                running += 1
                break
        if running == 0 or stop[0] != 0:
            return
        _run(state, table, stack)


@njit(cache=True)
def _free_at(n: int, row: int, col: int, rows: int, order: np.ndarray, free: np.ndarray) -> bool:
    """Column `col` of free row `row` is not attacked by the border queens."""
    for i in range(rows):
        if order[i] == row:
            return 0 <= col < n and (free[i] >> np.uint64(col)) & np.uint64(1) != 0
    return False


@njit(cache=True)
def count_symmetric(n: int, a: int, b: int, c: int, d: int, prefix: np.ndarray) -> tuple[int, int]:
    """(solutions fixed by the 180 degree rotation, those fixed by the 90 degree one) among the
    solutions of a unit as in `constellation.count_unit` (its constellation fixed by the 180
    degree rotation). Such a solution holds (m - r, m - q[r]) with every queen (r, q[r]), so it
    is searched by its upper half alone: each queen of a free row r < m - r is placed with its
    image in row m - r, and for odd n the middle row holds the centre. A search over half the
    free rows: a small fraction of the unit's own search (`count_unit_checked` walks all of
    it and tests every solution)."""
    m = n - 1
    free = np.zeros(n, dtype=np.uint64)
    order = np.zeros(n, dtype=np.int64)
    shift = np.zeros(n, dtype=np.uint64)
    rows = constellation._prepare(n, a, b, c, d, free, order, shift)
    fixed = np.full(n, -1, dtype=np.int64)
    for i in range(len(prefix)):
        fixed[order[i]] = constellation._column(np.uint64(prefix[i]))
    q = np.full(n, -1, dtype=np.int64)
    q[0], q[m], q[c], q[d] = a, b, 0, m
    tops = np.zeros(n, dtype=np.int64)
    t = 0
    for i in range(rows):
        if 2 * order[i] < m:
            tops[t] = order[i]
            t += 1
    placed_r = np.zeros(n, dtype=np.int64)
    placed_c = np.zeros(n, dtype=np.int64)
    k = 0
    if n % 2 == 1:  # the middle row is free (its row is neither c nor d = m - c) and holds the centre
        h = m // 2
        if not _free_at(n, h, h, rows, order, free) or fixed[h] not in (-1, h):
            return 0, 0
        q[h] = h
        placed_r[0], placed_c[0] = h, h
        k = 1
    base = k
    fixed180 = fixed90 = 0
    tried = np.zeros(n + 1, dtype=np.int64)
    depth = 0
    while depth >= 0:
        if depth == t:  # a whole solution, fixed by the 180 degree rotation
            fixed180 += 1
            quarter = True
            for r in range(n):
                if q[q[r]] != m - r:
                    quarter = False
            fixed90 += quarter
            depth -= 1
            if depth >= 0:
                k -= 2
            continue
        x = tried[depth]
        if x > m:
            depth -= 1
            if depth >= 0:
                k -= 2
            continue
        tried[depth] = x + 1
        r = tops[depth]
        r2, x2 = m - r, m - x
        if fixed[r] not in (-1, x) or fixed[r2] not in (-1, x2):
            continue
        if not (_free_at(n, r, x, rows, order, free) and _free_at(n, r2, x2, rows, order, free)):
            continue
        if x == x2 or abs(r2 - r) == abs(x2 - x):  # the queen and its image attack each other
            continue
        ok = True
        for j in range(k):
            pr, pc = placed_r[j], placed_c[j]
            if pc == x or pc == x2 or abs(pr - r) == abs(pc - x) or abs(pr - r2) == abs(pc - x2):
                ok = False
                break
        if not ok:
            continue
        q[r], q[r2] = x, x2
        placed_r[k], placed_c[k] = r, x
        placed_r[k + 1], placed_c[k + 1] = r2, x2
        k += 2
        depth += 1
        tried[depth] = 0
    assert k == base
    return fixed180, fixed90


@njit(cache=True, nogil=True)
def count_batch_until(
    n: int, units: np.ndarray, prefixes: np.ndarray, lengths: np.ndarray, stop: np.ndarray
) -> np.ndarray:
    """`constellation.count_batch_until` with the lane kernel (n <= MAX_N): the same rows. Every
    unit's solutions are counted in the lanes; for the units of constellations fixed by the 180
    degree rotation, `count_symmetric` adds those fixed by the rotations. A raised `stop[0]` is
    seen between units and at least every `CAP` steps."""
    out = np.zeros((len(units), 3), dtype=np.int64)
    _count_lanes(n, units, prefixes, lengths, np.arange(len(units)), stop, out)
    for i in range(len(units)):
        if stop[0] != 0:
            break
        if units[i, 5] != 0:
            f180, f90 = count_symmetric(
                n, units[i, 0], units[i, 1], units[i, 2], units[i, 3], prefixes[i, : lengths[i]]
            )
            out[i, 1], out[i, 2] = units[i, 4] * f180, units[i, 4] * f90
    return out


@njit(cache=True)
def count_batch(n: int, units: np.ndarray, prefixes: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Row i: [weight * S, weight * S180, weight * S90] of unit i, as `constellation.count_batch`."""
    return count_batch_until(n, units, prefixes, lengths, np.zeros(1, dtype=np.int64))


@njit(cache=True, parallel=True)
def count_batch_parallel(n: int, units: np.ndarray, prefixes: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """`count_batch` on numba's threads: unit i goes to group i mod `groups` (`GROUPS`, fewer
    when a group would get under 32 units), each group's units through their own lanes (interleaved, so the
    groups get units of every size)."""
    groups = max(1, min(len(units) // (4 * LANES), GROUPS))
    out = np.zeros((len(units), 3), dtype=np.int64)
    for g in prange(groups):
        mine = np.arange(g, len(units), groups)
        rows = count_batch(n, units[mine], prefixes[mine], lengths[mine])
        for j in range(len(mine)):
            out[mine[j]] = rows[j]  # the groups' rows are disjoint
    return out


def warm_up(parallel: bool = False) -> None:
    """Load (or compile once, into numba's cache) the kernels."""
    units = constellation.units(7)
    args = constellation.arrays(units)
    count_batch(7, *args)
    if parallel:
        count_batch_parallel(7, *args)
