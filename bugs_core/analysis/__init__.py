"""What the bots can tell a person: a hint's best moves with what the search measured for each
(`hint`). It uses only the person's own view, as the bots do."""
