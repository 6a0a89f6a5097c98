"""What every request passes: the route table (doors), the guard, errors, entry ids, the request's
connection and language, links and the LAN address."""
