"""`python -m scorekeeper …` is the `segnapunti` command."""
from .cli import main

main()
