"""The REST API of simulations."""
