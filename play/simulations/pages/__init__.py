"""The server-rendered pages of simulations: the list, the form, the report, comparison."""
