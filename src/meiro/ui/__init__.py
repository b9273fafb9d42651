"""Front ends for the game. Importing this package imports no GUI toolkit."""
