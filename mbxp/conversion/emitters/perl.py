"""Perl: `# comment` doc, then `sub snake_name {` and `my (...) = @_;`; the model writes the rest.

Values: lists and tuples are array refs, dicts hash refs, sets array refs of their (sorted)
elements, None undef, booleans 1 and 0, integers beyond 64 bits decimal strings (what Math::BigInt
stringifies to). The function is called in scalar context, so it must return a reference for a
list. A dict with tuple keys is a hash keyed by the elements joined with `$;`, Perl's own idiom
for multi-dimensional keys (`$h{$a, $b}` is `$h{join($;, $a, $b)}`); literals spell the join and
the prompt says so. Only int and str elements are joined (a float or bool would stringify unlike
Python); other compound keys (sets, nested tuples) are dropped.

Comparison (MBXP::Check below) is driven by the expected value, whose kind is known exactly
because it is a fresh literal: a boolean (`!!1`/`!!0`) accepts 1 for true and "" or 0 for false;
an integer literal accepts an equal number (a float within tolerance, as Python's 4 == 4.0); a
float literal accepts a number within tolerance; a string accepts only `eq`. Perl cannot tell
the number 1 from the string "1" once computed, so where Python expects a string, a number that
stringifies to it passes; an undef never equals "" or 0. An expected set accepts an array ref of
the same elements in any order, or a hash ref whose keys are those elements.

Records: each is a package in the header with a hash-based `new` taking the fields in order
(`Node->new(1, undef, undef)`, what literals use; missing trailing fields are undef), read
accessors (`$node->left` as well as `$node->{left}`) and a comment giving the fields' types.
The record `Complex` is the core module Math::Complex (`use Math::Complex;` in the header,
literals `Math::Complex->make(re, im)`); any number compares with it by Re and Im, as in Python.
A result record must be blessed into the expected package with the same keys, compared field by
field. A record named like a package the program uses (main, B, Scalar::Util...) is dropped.
"""
from __future__ import annotations

from typing import Any

from ..ir import COMPLEX, INT64, Problem, Record, Type
from .base import FAIL_EXIT, FAIL_MARKER, PASS_MARKER, Emitter, comment_lines, float_repr, tuple_keys

# Named operators: a sub with one of these names is shadowed by the builtin when called.
BUILTINS = frozenset("""abs accept alarm and atan2 bind binmode bless break caller chdir chmod chomp
chop chown chr chroot close closedir cmp connect continue cos crypt dbmclose dbmopen default defined
delete die do dump each else elsif endgrent endhostent endnetent endprotoent endpwent endservent eof
eq eval evalbytes exec exists exit exp fc fcntl fileno flock for foreach fork format formline ge
getc getgrent getgrgid getgrnam gethostbyaddr gethostbyname gethostent getlogin getnetbyaddr
getnetbyname getnetent getpeername getpgrp getppid getpriority getprotobyname getprotobynumber
getprotoent getpwent getpwnam getpwuid getservbyname getservbyport getservent getsockname
getsockopt given glob gmtime goto grep gt hex if index int ioctl join keys kill last lc lcfirst le
length link listen local localtime lock log lstat lt m map mkdir msgctl msgget msgrcv msgsnd my ne
next no not oct open opendir or ord our pack package pipe pop pos print printf prototype push q qq
qr quotemeta qw qx rand read readdir readline readlink readpipe recv redo ref rename require reset
return reverse rewinddir rindex rmdir s say scalar seek seekdir select semctl semget semop send
setgrent sethostent setnetent setpgrp setpriority setprotoent setpwent setservent setsockopt shift
shmctl shmget shmread shmwrite shutdown sin sleep socket socketpair sort splice split sprintf sqrt
srand stat state study sub substr symlink syscall sysopen sysread sysseek system syswrite tell
telldir tie tied time times tr truncate uc ucfirst umask undef unless unlink unpack unshift untie
until use utime values vec wait waitpid wantarray warn when while write x xor y""".split())

# Packages the test program uses: a record package of that name would break it.
PACKAGES = frozenset("main CORE UNIVERSAL SUPER B Scalar Data overload builtin MBXP Math strict warnings".split())

# `my $a` / `my $b` break sort blocks inside the function.
SPECIAL_SCALARS = frozenset({"a", "b"})

CHECK = r'''

package MBXP::Check;
no warnings;
use B ();
use Scalar::Util ();

sub set { bless [@{$_[0]}], 'MBXP::Set' }

sub kind {
    my $flags = B::svref_2object(\$_[0])->FLAGS;
    return 'bool' if builtin::is_bool($_[0]);
    return 'int' if $flags & B::SVf_IOK;
    return 'float' if $flags & B::SVf_NOK;
    return 'str';
}

sub close_to {
    my ($g, $e) = @_;
    return 1 if $g == $e;
    my $inf = 9**9**9;
    return 0 if $g != $g || $e != $e || abs($g) == $inf || abs($e) == $inf;
    my $m = abs($g) > abs($e) ? abs($g) : abs($e);
    my $tol = REL * $m;
    $tol = ABS if $tol < ABS;
    return abs($g - $e) <= $tol;
}

sub match_all {
    my ($got, $expected) = @_;
    return 0 unless @$got == @$expected;
    my @left = @$got;
    for my $e (@$expected) {
        my ($i) = grep { same($left[$_], $e) } 0 .. $#left;
        return 0 unless defined $i;
        splice @left, $i, 1;
    }
    return 1;
}

sub same {
    my ($g, $e) = @_;
    return !defined $g unless defined $e;
    return 0 unless defined $g;
    my $r = ref $e;
RECORD_SAME    if ($r eq 'MBXP::Set') {
        return match_all([keys %$g], $e) if ref $g eq 'HASH';
        return ref $g eq 'ARRAY' && match_all($g, $e);
    }
    if ($r eq 'ARRAY') {
        return 0 unless ref $g eq 'ARRAY' && @$g == @$e;
        for my $i (0 .. $#$e) { return 0 unless same($g->[$i], $e->[$i]) }
        return 1;
    }
    if ($r eq 'HASH') {
        return 0 unless ref $g eq 'HASH' && keys %$g == keys %$e;
        for my $k (keys %$e) { return 0 unless exists $g->{$k} && same($g->{$k}, $e->{$k}) }
        return 1;
    }
    if (Scalar::Util::blessed($g)) {  # Math::BigInt and friends stringify to their value
        require overload;
        $g = "$g" if overload::Method($g, '""');
    }
    return 0 if ref $g;
    my $k = kind($e);
    return $e ? $g eq '1' : ($g eq '' || $g eq '0') if $k eq 'bool';
    return "$g" eq $e if $k eq 'str';
    return 0 unless Scalar::Util::looks_like_number($g);
    return close_to($g, $e) if $k eq 'float' || kind($g) eq 'float';
    return $g == $e;
}

sub check {
    my ($i, $got, $expected, $unordered) = @_;
    return if $unordered ? ref $got eq 'ARRAY' && match_all($got, $expected) : same($got, $expected);
    require Data::Dumper;
    local $Data::Dumper::Terse = 1;
    local $Data::Dumper::Indent = 0;
    print STDERR "FAIL_MARKER: test $i got ", substr(Data::Dumper::Dumper($got), 0, 200), "\n";
    CORE::exit(FAIL_EXIT);
}

package main;
'''

# Only for problems with records (inserted at RECORD_SAME in CHECK).
RECORD_SAME = r'''    if ($r eq 'Math::Complex') {
        return 0 unless Scalar::Util::blessed($g) ? $g->isa('Math::Complex') : Scalar::Util::looks_like_number($g);
        return close_to(Math::Complex::Re($g), $e->Re) && close_to(Math::Complex::Im($g), $e->Im);
    }
    if (Scalar::Util::blessed($e)) {
        return 0 unless ref $g eq $r && Scalar::Util::reftype($g) eq 'HASH' && keys %$g == keys %$e;
        for my $k (keys %$e) { return 0 unless exists $g->{$k} && same($g->{$k}, $e->{$k}) }
        return 1;
    }
'''


class PerlEmitter(Emitter):
    language = "perl"
    naming = "snake"
    reserved = BUILTINS
    none_word = "undef"
    list_word = "array"
    records = True

    def unsupported(self, p: Problem) -> str | None:
        for name in p.records:
            if name in PACKAGES:
                return f"a record package named {name} would clash with a package the test uses"
        if any(not joinable(k) for k in tuple_keys(p)):
            return "a dict key that is a set or a tuple of non-scalars: Perl hash keys are strings"
        return None

    def params(self, p: Problem) -> list[str]:
        out: list[str] = []
        for prm in p.params:
            name = prm.name + "_" if prm.name in SPECIAL_SCALARS else prm.name
            while name in out:
                name += "_"
            out.append(name)
        return out

    def signature(self, p: Problem) -> str:
        params = self.params(p)
        unpack = f"    my ({', '.join('$' + n for n in params)}) = @_;\n" if params else ""
        return f"sub {self.function_name(p)} {{\n{unpack}"

    def describe(self, p: Problem) -> str:
        return super().describe(p).replace("a array", "an array").replace("A array", "An array")

    def header(self, p: Problem) -> str:
        use = "use Math::Complex;\n\n" if COMPLEX in p.records else ""
        return use + "".join(self.record_package(p, name) + "\n" for name in self.record_order(p) if name != COMPLEX)

    # ---- records ---------------------------------------------------------------------------------
    def field_name(self, python_name: str) -> str:
        return python_name   # a hash key

    def record_package(self, p: Problem, name: str) -> str:
        names = [self.field_name(f.name) for f in p.records[name]]
        doc = ", ".join(f"{n}: {perl_type(f.type)}" for n, f in zip(names, p.records[name]))
        fields = ", ".join(f"{n} => ${n}" for n in names)
        # An accessor named like a builtin (`sub y`, `sub keys`) would not parse or would warn.
        accessors = "".join(f"sub {n} {{ $_[0]{{{n}}} }}\n" for n in names if n not in BUILTINS and n != "new")
        return (f"package {name};\n# Fields: {doc}.\nsub new {{\n"
                f"    my ($class, {', '.join('$' + n for n in names)}) = @_;\n"
                f"    return bless {{ {fields} }}, $class;\n}}\n{accessors}package main;\n")

    def prompt(self, p: Problem) -> str:
        doc = [self.describe(p)]
        if tuple_keys(p):
            doc.append("A tuple key is the string join($;, @tuple), as in $h{$a, $b}.")
        examples = self.examples(p)
        if examples:
            doc.append("Examples:")
        for call, result in examples:
            doc += [f">>> {call}", result]
        return f"{self.header(p)}{comment_lines(chr(10).join(doc), '# ')}\n{self.signature(p)}"

    def test(self, p: Problem) -> str:
        expected = ExpectedPerl()
        check = (CHECK.replace("FAIL_MARKER", FAIL_MARKER).replace("FAIL_EXIT", str(FAIL_EXIT))
                 .replace("REL", repr(float(p.rel_tol))).replace("ABS", repr(float(p.abs_tol)))
                 .replace("RECORD_SAME", RECORD_SAME if p.records else ""))
        unordered = 1 if p.compare == "unordered" else 0
        fn = self.function_name(p)
        lines = []
        for i, case in enumerate(p.tests):
            args = ", ".join(self.literal(v, prm.type) for v, prm in zip(case.args, p.params))
            lines.append(f"MBXP::Check::check({i}, scalar({fn}({args})), "
                         f"{expected.literal(case.expected, p.returns)}, {unordered});")
        return check + "\n".join(lines) + f'\nprint STDOUT "{PASS_MARKER}\\n";\n'

    def oracle(self, p: Problem, results: list[Any]) -> str:
        values = ", ".join(self.literal(r, p.returns) for r in results)
        return ("    $main::mbxp_oracle_calls++;\n"
                f"    my @mbxp_results = ({values});\n"
                "    return $mbxp_results[$main::mbxp_oracle_calls - 1];\n"
                "}\n")

    # ---- literals --------------------------------------------------------------------------------
    def literal(self, value: Any, t: Type) -> str:
        if isinstance(value, dict) and t.kind == "dict" and any(isinstance(k, tuple) for k in value):
            return self.lit_dict([(self.joined_key(k) if isinstance(k, tuple) else self.literal(k, t.args[0]),
                                   self.literal(v, t.args[1])) for k, v in value.items()], t)
        return super().literal(value, t)

    def joined_key(self, key: tuple) -> str:
        parts = [perl_string(x) if isinstance(x, str) else str(x) for x in key]
        return "join($;, " + ", ".join(parts) + ")"

    def lit_none(self, t: Type) -> str:
        return "undef"

    def lit_bool(self, v: bool) -> str:
        return "1" if v else "0"

    def lit_int(self, v: int, t: Type) -> str:
        return str(v) if -INT64 <= v < INT64 else f'"{v}"'

    def lit_float(self, v: float) -> str:
        if v != v:
            return '"NaN"'
        if v in (float("inf"), float("-inf")):
            return ("-" if v < 0 else "") + "9**9**9"
        return float_repr(v)

    def lit_str(self, v: str) -> str:
        return perl_string(v)

    def lit_dict(self, items: list[tuple[str, str]], t: Type) -> str:
        return "{" + ", ".join(f"{k} => {v}" for k, v in items) + "}"

    def lit_record(self, value: Record, t: Type) -> str:
        args = ", ".join(self.literal(v, ft) for _, v, ft in self.record_fields(value))
        return f"Math::Complex->make({args})" if value.name == COMPLEX else f"{value.name}->new({args})"


class ExpectedPerl(PerlEmitter):
    """Expected values in the test: booleans and sets tagged so the comparison knows them."""

    def lit_bool(self, v: bool) -> str:
        return "!!1" if v else "!!0"

    def lit_set(self, items: list[str], t: Type) -> str:
        return "MBXP::Check::set([" + ", ".join(items) + "])"


def perl_string(s: str) -> str:
    """Double-quoted, with `$` and `@` escaped so nothing interpolates."""
    out = []
    for ch in s:
        if ch in '"\\$@':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ch == "\r":
            out.append("\\r")
        elif ord(ch) < 32 or ord(ch) >= 127:
            out.append(f"\\x{{{ord(ch):x}}}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def perl_type(t: Type) -> str:
    """How a record field's type is said in the declaration's comment."""
    k = t.kind
    simple = {"int": "integer", "long": "integer", "bigint": "integer string", "float": "number",
              "str": "string", "bool": "boolean", "none": "undef", "any": "any scalar"}
    if k in simple:
        return simple[k]
    if k == "optional":
        return f"{perl_type(t.elem)} or undef"
    if k == "record":
        return "Math::Complex" if t.name == COMPLEX else str(t.name)
    if k in ("list", "set"):
        return f"array ref of {perl_type(t.elem)}"
    if k == "tuple":
        return "array ref"
    return f"hash ref of {perl_type(t.args[1])}"


def joinable(key: Any) -> bool:
    return isinstance(key, tuple) and all(isinstance(x, (int, str)) and not isinstance(x, bool) for x in key)


EMITTER = PerlEmitter()
