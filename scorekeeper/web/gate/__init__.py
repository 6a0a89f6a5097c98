"""What every request passes: the route table (doors), the guard, errors, entry ids, links."""
