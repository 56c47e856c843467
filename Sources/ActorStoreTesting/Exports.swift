@_exported import ActorStore
