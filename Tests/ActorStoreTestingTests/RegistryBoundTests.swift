import ActorStore
import ActorStoreTesting
import Testing

/// The registry's memory does not grow with what was scrolled: after a scroll through far more
/// rows than its unbound-store limit, it keeps at most that limit plus the bound hosts' stores.
/// Written against the registry's original API only (the documented default limit is spelled
/// out), so that it runs unchanged on a registry without eviction.
@Suite struct RegistryBoundTests {
  final class PlainHost: StoreHostBase<Board.Row, Board.RowAction> {}

  /// `ChildStoreRegistry.defaultUnboundStoreLimit`, as documented in Docs/Cell-Stores.md.
  static let documentedDefaultLimit = 256

  @Test func scrollingTwoThousandRowsThroughTwentyHostsKeepsAtMostTheDefaultLimitPlusTheHosts() throws {
    let rows = 2_000
    let hosts = 20
    let harness = BoardHarness(rows: Array(0..<rows))
    let registry = harness.rowsRegistry()
    let simulator = CollectionHostSimulator<Int, Int, PlainHost>(registry: registry, hostCount: hosts) { PlainHost() }
    var snapshot = Snapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems(Array(0..<rows), toSection: 0)
    try simulator.apply(snapshot)
    var mostStores = registry.liveStoreCount
    while simulator.firstVisibleIndex + hosts < rows {
      simulator.scroll(to: simulator.firstVisibleIndex + 7)
      // A cell asks for the store of a row that just left the screen, as `didEndDisplaying`
      // does: an unbound store of a live element.
      _ = registry.store(for: max(0, simulator.firstVisibleIndex - 1))
      mostStores = max(mostStores, registry.liveStoreCount)
    }
    #expect(registry.boundHostCount == hosts)
    #expect(
      mostStores <= Self.documentedDefaultLimit + hosts,
      "the registry kept \(mostStores) stores for \(rows) rows scrolled through \(hosts) hosts")
    simulator.tearDown()
    for id in 0..<rows { harness.send(.remove(id)) }
    #expect(registry.liveStoreCount == 0)
    #expect(registry.boundHostCount == 0)
  }
}
