#!/usr/bin/env python3
"""Writes the archives of tests/cli/data/archives/ (run once; the .tar.gz files are committed).

good.tar.gz holds the pack 'tiny' (one card) in a top folder; each other archive is good.tar.gz
plus one hostile entry that `anvil pack install` must refuse, leaving nothing behind.
"""
import io
import tarfile

MANIFEST = (b'name: tiny\nversion: 1.0.0\ndescription: A tiny pack\nengine: "*"\n'
            b'rules: classic\ncards: [cards/*.yaml]\n')
CARD = "- name: Tiny Bear\n  types: Creature — Bear\n  power: 1\n  toughness: 1\n".encode()


def add(t, name, data=b"", kind=tarfile.REGTYPE, link=""):
    info = tarfile.TarInfo(name)
    info.type, info.linkname = kind, link
    info.mode = 0o755 if kind == tarfile.DIRTYPE else 0o644
    if kind == tarfile.REGTYPE:
        info.size = len(data)
        t.addfile(info, io.BytesIO(data))
    else:
        t.addfile(info)


def make(file, extra=None):
    with tarfile.open(file, "w:gz", format=tarfile.GNU_FORMAT) as t:
        add(t, "tiny/", kind=tarfile.DIRTYPE)
        add(t, "tiny/pack.yaml", MANIFEST)
        add(t, "tiny/cards/", kind=tarfile.DIRTYPE)
        add(t, "tiny/cards/bear.yaml", CARD)
        if extra:
            extra(t)


make("good.tar.gz")
make("dotdot.tar.gz", lambda t: add(t, "tiny/../../evil.txt", b"x"))
make("absolute.tar.gz", lambda t: add(t, "/tmp/anvil-evil.txt", b"x"))
make("symlink-out.tar.gz",
     lambda t: add(t, "tiny/cards/passwd.yaml", kind=tarfile.SYMTYPE, link="/etc/passwd"))
make("hardlink.tar.gz",
     lambda t: add(t, "tiny/cards/h.yaml", kind=tarfile.LNKTYPE, link="/etc/passwd"))
make("device.tar.gz", lambda t: add(t, "tiny/null", kind=tarfile.CHRTYPE))
# 65 MiB of zeros, over the 64 MiB limit for one file, in about 64 KiB.
make("bomb.tar.gz", lambda t: add(t, "tiny/cards/zeros.bin", bytes(65 << 20)))
# 'tiny/cards/c.yaml' is a file, then a folder holding another entry.
make("file-and-folder.tar.gz", lambda t: add(t, "tiny/cards/bear.yaml/x.yaml", b"x"))
# Two packs side by side: an archive must hold one.
make("two-packs.tar.gz", lambda t: (add(t, "other/pack.yaml", MANIFEST.replace(b"tiny", b"other")),
                                    add(t, "other/cards/bear.yaml", CARD)))
# sparse.tar.gz (not written here: Python's tarfile cannot write sparse entries) is good.tar.gz's
# pack plus a 2 GiB sparse file with no data blocks, made with GNU tar:
#   truncate -s 2G tiny/cards/holes.bin
#   tar --owner=0 --group=0 --mtime=2026-01-01 --sort=name -cSzf sparse.tar.gz tiny
