"""The service: games and tournaments as event logs (create, load, change, undo, keys) and each phone's
list. It uses the rules, the model and the store; the families and the web use it."""
