# C types for tarockrec/tricks.py, read by Cython beside the module (pure-Python mode): its two
# classes become extension types with C attributes. The plain package never reads this file.
# The table's seats, sizes and counts are C integers; its masks stay Python ints (arbitrary
# precision, as in the plain package). bench/bench_compilers.py measures the build with it (`cython-core`)
# against the same build without it (`cython-untyped`): docs/performance.md, "Compilers".
cimport cython

cdef class SeatPlan:
    cdef public tuple order

cdef class TrickTable:
    cdef public list hands
    cdef public object plan
    cdef public Py_ssize_t leader
    cdef public Py_ssize_t n_tricks
    cdef public object winner_of
    cdef public list cards
    cdef public list seats
    cdef public list tricks
    cdef public list won
    cdef public list count
    cdef public object _played_by
    cdef public tuple _seats_key
    cdef public tuple order
    cdef public Py_ssize_t size
    cdef public dict following
    cdef public bint _varies
    cdef public bint _fixed_leader

@cython.locals(best=Py_ssize_t, i=Py_ssize_t)
cpdef Py_ssize_t best_index(cards, beats)

# the replay's trick loop: seats, counts and card indices as C integers, the card masks of one
# trick as unsigned 64-bit integers (a pack has at most 54 cards, so every mask fits; the
# hands, piles and tables stay Python ints)
@cython.locals(size=Py_ssize_t, n_tricks=Py_ssize_t, leader=Py_ssize_t,
               played=Py_ssize_t, hold_seat=Py_ssize_t, hold_until=Py_ssize_t,
               seat=Py_ssize_t, card=Py_ssize_t, s=Py_ssize_t, c=Py_ssize_t,
               best=Py_ssize_t, winner=Py_ssize_t, has_beats=bint, tracked=bint,
               trump=cython.ulonglong, held=cython.ulonglong, led_mask=cython.ulonglong,
               taken=cython.ulonglong, hand=cython.ulonglong, b=cython.ulonglong,
               allowed=cython.ulonglong, beating=cython.ulonglong, winning=cython.ulonglong)
cpdef Py_ssize_t play_fixed(TrickTable table, list hands, object tricks, object card_of,
                            object led_of, object trump_mask, object beats, object hold) except? -1
