/* The generator's hot loops in C: SplitMix64 draws, bounded by rejection, and a Fisher-Yates
 * shuffle of a list. Optional: koloda/engine/rng.py holds the same algorithm in Python and uses
 * it when this module is not built; tests/engine/test_rng.py checks that both give the same
 * outcomes and leave the same state.
 *
 * randbelow(state, n) -> (value, state)     0 < n < 2**64
 * shuffle(items, state) -> state            items: a list, shuffled in place
 *
 * A draw advances the state by the golden gamma and mixes it (SplitMix64). A draw at or above
 * the largest multiple of n below 2**64 is rejected and drawn again, so that z % n is uniform.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define GOLDEN 0x9E3779B97F4A7C15ULL

static inline uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A value in [0, n), n > 0; *state advanced past every draw used. */
static inline uint64_t below(uint64_t *state, uint64_t n) {
    /* 2**64 mod n; a draw is kept when z < 2**64 - r, that is z <= UINT64_MAX - r */
    uint64_t r = (0 - n) % n;
    uint64_t top = UINT64_MAX - r;
    uint64_t s = *state, z;
    do {
        s += GOLDEN;
        z = mix(s);
    } while (z > top);
    *state = s;
    return z % n;
}

static int read_state(PyObject *obj, uint64_t *out) {
    unsigned long long v = PyLong_AsUnsignedLongLong(obj);
    if (v == (unsigned long long)-1 && PyErr_Occurred()) {
        return -1;
    }
    *out = (uint64_t)v;
    return 0;
}

static PyObject *rngc_randbelow(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    uint64_t state, n;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "randbelow(state, n) takes 2 arguments");
        return NULL;
    }
    if (read_state(args[0], &state) < 0 || read_state(args[1], &n) < 0) {
        return NULL;
    }
    if (n == 0) {
        PyErr_SetString(PyExc_ValueError, "randbelow needs a positive bound");
        return NULL;
    }
    uint64_t value = below(&state, n);
    PyObject *v = PyLong_FromUnsignedLongLong(value);
    if (v == NULL) {
        return NULL;
    }
    PyObject *s = PyLong_FromUnsignedLongLong(state);
    if (s == NULL) {
        Py_DECREF(v);
        return NULL;
    }
    PyObject *out = PyTuple_New(2);
    if (out == NULL) {
        Py_DECREF(v);
        Py_DECREF(s);
        return NULL;
    }
    PyTuple_SET_ITEM(out, 0, v);
    PyTuple_SET_ITEM(out, 1, s);
    return out;
}

static PyObject *rngc_shuffle(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    uint64_t state;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "shuffle(items, state) takes 2 arguments");
        return NULL;
    }
    PyObject *items = args[0];
    if (!PyList_CheckExact(items)) {
        PyErr_SetString(PyExc_TypeError, "shuffle needs a list");
        return NULL;
    }
    if (read_state(args[1], &state) < 0) {
        return NULL;
    }
    /* Swapping two slots keeps every reference count, and nothing here runs Python code, so the
     * list cannot change size under the loop. */
    PyObject **slots = ((PyListObject *)items)->ob_item;
    for (Py_ssize_t i = PyList_GET_SIZE(items) - 1; i > 0; i--) {
        Py_ssize_t j = (Py_ssize_t)below(&state, (uint64_t)i + 1);
        PyObject *tmp = slots[i];
        slots[i] = slots[j];
        slots[j] = tmp;
    }
    return PyLong_FromUnsignedLongLong(state);
}

static PyMethodDef rngc_methods[] = {
    {"randbelow", (PyCFunction)(void (*)(void))rngc_randbelow, METH_FASTCALL,
     "randbelow(state, n) -> (value, state): a uniform value in [0, n) and the next state."},
    {"shuffle", (PyCFunction)(void (*)(void))rngc_shuffle, METH_FASTCALL,
     "shuffle(items, state) -> state: shuffle the list in place (Fisher-Yates)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef rngc_module = {
    PyModuleDef_HEAD_INIT, "koloda.engine._rngc",
    "SplitMix64 draws and shuffles for koloda.engine.rng (optional, same outcomes).", -1,
    rngc_methods,
};

PyMODINIT_FUNC PyInit__rngc(void) { return PyModule_Create(&rngc_module); }
