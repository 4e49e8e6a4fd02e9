"""The contract with every client: the scenario's fields, reading and checking it, its JSON Schema,
the errors and the stable codes (DESIGN §3.2)."""
