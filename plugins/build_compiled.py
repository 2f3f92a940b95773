"""Build the raid distributions' compiled wheels from ONE mypyc compilation, and check them.

    python plugins/build_compiled.py build WHEELS
    python plugins/build_compiled.py check

Run by ``python3 tasks.py compiled`` with the compiled virtualenv's Python (it has mypyc,
setuptools, a C compiler at hand, and the engine installed for mypyc to type-check against);
see docs/quickstart.md, "Faster automatic games: a compiled build".

Why one compilation: mypyc makes a class native (attributes read straight from the C
struct, methods called directly) only for classes compiled in the same run. Compiled one
distribution at a time, a title's code reached the raids layer's ``RaidState``, pieces and
zone map through Python's generic attribute look-up, and most of a game's time went there.
So the modules listed in ``compiled.toml`` (the one list) are compiled together, split with
mypyc's ``separate`` groups into one shared library per distribution
(``paragraphs_raids__mypyc``, ...); each group calls into the others through their
exported tables, and still sees their classes natively. The price: a wheel works only with
the other two wheels of the same build, which ``tasks.py compiled`` installs together.

Each wheel is the distribution's ordinary (pure, ``py3-none-any``) wheel from its own
build backend, with the extension modules of its group added: the group's shared library
at the top level and one small shim per compiled module beside its ``.py``; the ``WHEEL``
file gets this interpreter's platform tag and ``RECORD`` is written again, so pip installs
and uninstalls every file. Ordinary wheels and editable installs never see this script.

Each wheel also carries the build's stamp, ``<package>/_compiled_build.py`` (``BUILD``: a
digest of the listed sources, the mypyc version and the platform tag): each title checks
at import that the raids layer installed beside it has the same stamp
(``paragraphs_raids.compiled_build``), so a mixed install is refused with a clear message.

``check`` imports every listed module and fails unless each one
(and its group's shared library) loaded from an extension module that its distribution's
``RECORD`` lists (a build that quietly fell back to ``.py`` proves nothing), and unless
the three installed stamps are one build's.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import importlib
import importlib.machinery
import importlib.metadata
import io
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import tomllib
import zipfile
from pathlib import Path

PLUGINS = Path(__file__).resolve().parent
LIST = PLUGINS / "compiled.toml"
STAMP = "_compiled_build"  # paragraphs_raids.compiled_build.STAMP (this script imports no plugin)


def listed_files(plugins: Path = PLUGINS) -> dict[str, list[str]]:
    """The files compiled per distribution (plugin folder name -> paths relative to the
    plugin folder, such as ``paragraphs_raids/stacks.py``), from ``compiled.toml``."""
    listed = tomllib.loads((plugins / LIST.name).read_text())
    files: dict[str, list[str]] = {}
    for name, entry in listed.items():
        files[name] = []
        for pattern in entry["include"]:
            path = plugins / name / pattern
            found = sorted(p for p in path.glob("*.py") if p.name != "__init__.py") if path.is_dir() else [path]
            files[name] += [p.relative_to(plugins / name).as_posix() for p in found]
    return files


def package_of(files: list[str]) -> str:
    """The one top-level package a distribution's listed files belong to."""
    (package,) = {f.split("/")[0] for f in files}
    return package


def module_name(file: str) -> str:
    return file.removesuffix(".py").replace("/", ".")


def build(wheels: Path) -> None:
    """Compile the listed modules and write the three platform wheels into ``wheels``."""
    groups = listed_files()
    wheels.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="paragraphs-mypyc-") as tmp:
        stage = Path(tmp) / "stage"
        # The packages side by side, so mypy finds each from the others (and the modules
        # left interpreted, such as the scenario loaders, for their types).
        for name, files in groups.items():
            shutil.copytree(PLUGINS / name / package_of(files), stage / package_of(files), symlinks=True, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
        compile_in(stage, groups)
        tag = platform_tag()
        build_id = build_stamp(groups, tag)
        for name, files in groups.items():
            package = package_of(files)
            pure = Path(tmp) / "pure" / name
            subprocess.run([sys.executable, "-m", "pip", "--disable-pip-version-check", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", str(pure), str(PLUGINS / name)], check=True)
            (wheel,) = pure.glob("*-py3-none-any.whl")
            built = sorted(stage.glob(f"{package}__mypyc.*")) + sorted((stage / package).rglob("*" + sysconfig.get_config_var("EXT_SUFFIX")))
            shims = {module_name(f) for f in files}
            found = {p.relative_to(stage).as_posix().split(".")[0].replace("/", ".") for p in built[1:]}
            if len(built) < 2 or not built[0].name.startswith(f"{package}__mypyc.") or found != shims:
                sys.exit(f"{name}: the build made {[p.name for p in built]}, not one shared library and a shim per listed module")
            extra = {p.relative_to(stage).as_posix(): p.read_bytes() for p in built}
            extra[f"{package}/{STAMP}.py"] = stamp_module(build_id)
            added = platform_wheel(wheel, extra, tag, wheels)
            print(f"{added.name}: {len(built) - 1} compiled modules and {built[0].name}, build {build_id[:12]}")


def build_stamp(groups: dict[str, list[str]], tag: str) -> str:
    """The build's id: a digest of what decides the compiled code's layout (every listed
    source, the mypyc version and the platform tag). Each wheel carries it as
    ``<package>._compiled_build`` and each title checks it against the raids layer's at
    import (``paragraphs_raids.compiled_build``), so wheels of two builds are never mixed;
    the same sources built again with the same tools give the same id."""
    digest = hashlib.sha256()
    digest.update(f"mypyc {importlib.metadata.version('mypy')}\n{tag}\n".encode())
    for name, files in sorted(groups.items()):
        for file in sorted(files):
            data = (PLUGINS / name / file).read_bytes()
            digest.update(f"{name}/{file} {len(data)}\n".encode() + data)
    return digest.hexdigest()


def stamp_module(build_id: str) -> bytes:
    """The source of the stamp module each compiled wheel carries."""
    return f'"""Written by plugins/build_compiled.py: the compiled build this distribution comes from."""\n\nBUILD = "{build_id}"\n'.encode()


def compile_in(stage: Path, groups: dict[str, list[str]]) -> None:
    """Run mypyc and the C compiler in ``stage``; the extension modules land beside the
    staged sources (setuptools' ``build_ext --inplace``)."""
    from mypyc.build import mypycify  # only in the compiled virtualenv
    from setuptools import setup

    here = os.getcwd()
    os.chdir(stage)
    # The project's mypy settings (pyproject.toml [tool.mypy]): third-party packages
    # without type information are treated as Any, as in the test job's mypy run.
    options = ["--python-version", f"{sys.version_info.major}.{sys.version_info.minor}", "--ignore-missing-imports"]
    every = [f for files in groups.values() for f in files]
    extensions = mypycify([*options, *every], separate=[(files, package_of(files)) for files in groups.values()])
    # py_modules=[]: no package discovery, only the extensions are built.
    try:
        setup(name="paragraphs-compiled", py_modules=[], ext_modules=extensions, script_args=["--quiet", "build_ext", "--inplace"])
    finally:
        os.chdir(here)


def platform_tag() -> str:
    """This interpreter's wheel tag, as setuptools' bdist_wheel writes it (an extension
    module is built for one Python version, ABI and platform)."""
    python = f"cp{sys.version_info.major}{sys.version_info.minor}"
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"{python}-{python}-{platform}"


def platform_wheel(pure: Path, extra: dict[str, bytes], tag: str, out: Path) -> Path:
    """Write ``pure`` (a py3-none-any wheel) again into ``out`` with the files of ``extra``
    added, the platform ``tag`` in its WHEEL file and name, and its RECORD written again."""
    with zipfile.ZipFile(pure) as source:
        entries = [(info, source.read(info)) for info in source.infolist()]
    dist_info = next(info.filename.split("/")[0] for info, _ in entries if info.filename.endswith(".dist-info/WHEEL"))
    record_name = f"{dist_info}/RECORD"
    wheel_file = f"{dist_info}/WHEEL"
    files: list[tuple[zipfile.ZipInfo, bytes]] = []
    for info, data in entries:
        if info.filename == wheel_file:
            lines = [line for line in data.decode().splitlines() if not line.startswith(("Root-Is-Purelib:", "Tag:"))]
            data = "\n".join([*lines, "Root-Is-Purelib: false", f"Tag: {tag}", ""]).encode()
        if info.filename != record_name:
            files.append((info, data))
    for name, data in extra.items():
        info = zipfile.ZipInfo(name, date_time=entries[0][0].date_time)
        info.external_attr = 0o755 << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        files.append((info, data))
    record = io.StringIO()
    rows = csv.writer(record, lineterminator="\n")
    for info, data in files:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        rows.writerow([info.filename, f"sha256={digest}", len(data)])
    rows.writerow([record_name, "", ""])
    record_info = zipfile.ZipInfo(record_name, date_time=entries[0][0].date_time)
    record_info.compress_type = zipfile.ZIP_DEFLATED
    files.append((record_info, record.getvalue().encode()))
    target = out / pure.name.replace("-py3-none-any.whl", f"-{tag}.whl")
    with zipfile.ZipFile(target, "w") as wheel:
        for info, data in files:
            wheel.writestr(info, data)
    return target


def check() -> None:
    """Exit unless every listed module, and each group's shared library, was imported from
    an extension module listed in its distribution's RECORD."""
    failed = []
    count = 0
    for name, files in listed_files().items():
        recorded = {str(Path(f.locate()).resolve()) for f in importlib.metadata.files(f"paragraphs-{name}") or []}
        for module in [f"{package_of(files)}__mypyc", *map(module_name, files)]:
            count += 1
            path = importlib.import_module(module).__file__ or ""
            if not path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)) or str(Path(path).resolve()) not in recorded:
                failed.append(f"{module} ({path})")
    print(f"{count - len(failed)} of {count} listed modules and group libraries loaded compiled from their wheels")
    if failed:
        sys.exit(f"not compiled, or not in their wheel's RECORD: {failed}")
    # The three wheels must be of one build: each carries the build's stamp.
    builds = {name: str(getattr(importlib.import_module(f"{package_of(files)}.{STAMP}"), "BUILD", "")) for name, files in listed_files().items()}
    if len(set(builds.values())) != 1 or "" in builds.values():
        sys.exit(f"the installed wheels do not all carry one build's stamp: {builds}")
    print(f"all three from build {next(iter(builds.values()))[:12]}")


def main(argv: list[str]) -> None:
    if argv[:1] == ["build"] and len(argv) == 2:
        build(Path(argv[1]).resolve())
    elif argv == ["check"]:
        check()
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
