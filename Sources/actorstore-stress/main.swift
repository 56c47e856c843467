print("actorstore-stress: not yet implemented")
