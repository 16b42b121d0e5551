"""`python -m boardlab` runs the command line."""

from boardlab._entry import main

if __name__ == "__main__":
    main()
