"""Counts o200k_base tokens with OpenAI's own tiktoken, offline, for lode-core's corpus test.

    count_tokens.py --vocab PATH/o200k_base.tiktoken FILE...

prints one JSON object {FILE: count} on stdout. Each file is read as bytes and decoded as
UTF-8 (no newline translation: CRLF stays CRLF) and encoded with `encode_ordinary`, so
special-token strings such as <|endoftext|> count as the ordinary text they are.

The encoding is built by tiktoken_ext.openai_public.o200k_base() itself, so its pattern,
special tokens and vocabulary hash are OpenAI's, not copies; only the vocabulary's location is
changed, from OpenAI's blob store (no network here) to the local copy given with --vocab. The
file must have the sha256 OpenAI publishes for o200k_base, which proves it is their file.
"""

import argparse
import hashlib
import json
import os
import sys
import tempfile

import tiktoken
import tiktoken.load
from tiktoken_ext import openai_public

VOCAB_NAME = "o200k_base.tiktoken"


def o200k_base(vocab_path: str) -> tiktoken.Encoding:
    """OpenAI's o200k_base encoding, its vocabulary read from `vocab_path`."""
    hashes = []

    def load_local(blobpath: str, expected_hash: str | None = None) -> dict[bytes, int]:
        if not blobpath.endswith("/" + VOCAB_NAME):
            raise ValueError(f"openai_public asked for {blobpath}, not {VOCAB_NAME}")
        if not expected_hash:
            raise ValueError("openai_public gave no expected hash for o200k_base")
        with open(vocab_path, "rb") as f:
            actual = hashlib.sha256(f.read()).hexdigest()
        if actual != expected_hash:
            raise ValueError(
                f"{vocab_path} is not OpenAI's {VOCAB_NAME}: sha256 {actual}, expected {expected_hash}"
            )
        hashes.append(expected_hash)
        # tiktoken checks the hash again itself (an empty cache dir would skip that check, so
        # give it a private one rather than none).
        with tempfile.TemporaryDirectory() as cache:
            previous = os.environ.get("TIKTOKEN_CACHE_DIR")
            os.environ["TIKTOKEN_CACHE_DIR"] = cache
            try:
                return tiktoken.load.load_tiktoken_bpe(vocab_path, expected_hash=expected_hash)
            finally:
                if previous is None:
                    del os.environ["TIKTOKEN_CACHE_DIR"]
                else:
                    os.environ["TIKTOKEN_CACHE_DIR"] = previous

    original = openai_public.load_tiktoken_bpe
    openai_public.load_tiktoken_bpe = load_local
    try:
        params = openai_public.o200k_base()
    finally:
        openai_public.load_tiktoken_bpe = original
    if len(hashes) != 1:
        raise ValueError("openai_public.o200k_base() did not load its vocabulary exactly once")
    if params["name"] != "o200k_base":
        raise ValueError(f"openai_public.o200k_base() built {params['name']!r}")
    return tiktoken.Encoding(
        name=params["name"],
        pat_str=params["pat_str"],
        mergeable_ranks=params["mergeable_ranks"],
        special_tokens=params["special_tokens"],
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--vocab", required=True, help=f"path to a local {VOCAB_NAME}")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    try:
        enc = o200k_base(args.vocab)
        counts = {}
        for path in args.files:
            with open(path, "rb") as f:
                text = f.read().decode("utf-8")
            counts[path] = len(enc.encode_ordinary(text))
    except Exception as e:  # one clear line for the Rust test's failure message
        print(f"count_tokens.py: {type(e).__name__}: {e}", file=sys.stderr)
        return 1
    json.dump(counts, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
