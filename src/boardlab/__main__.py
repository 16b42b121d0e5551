"""`python -m boardlab` runs the command line."""

from boardlab.cli import main

if __name__ == "__main__":
    main()
