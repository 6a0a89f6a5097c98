"""`python -m scorekeeper …` is the `segnapunti` command."""
from .server.cli import main

main()
