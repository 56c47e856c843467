import ActorStore
import Synchronization

/// A row with a switch, bound to its setting's child store: it shows the title and the switch
/// from the store, and a flip sends ``ToggleSetting/Action/toggled`` to that store.
public final class ToggleRowHost: StoreHostBase<ToggleSetting.State, ToggleSetting.Action>, ItemHost {
  private let shown = Shown()

  /// The title shown.
  public var title: String { shown.state.withLock { $0.title } }
  /// Whether the switch shows on.
  public var isOn: Bool { shown.state.withLock { $0.isOn } }

  /// Creates a row showing nothing.
  public override init() { super.init() }

  /// Shows the setting's title and value.
  /// - Parameter store: The setting's store.
  public override func configureStateObservation(on store: Store<ToggleSetting.State, ToggleSetting.Action>) {
    observe(\.title) { [shown] title in shown.state.withLock { $0.title = title } }
    observe(\.isOn) { [shown] isOn in shown.state.withLock { $0.isOn = isOn } }
  }

  /// The user flips the switch: the setting's store toggles it, while the row shows it.
  public func flip() { sendWhileShown(.toggled) }
}

/// What a toggle row shows, written from its store observations (which run on the store's task
/// executor, hence the lock).
private final class Shown: Sendable {
  let state = Mutex<(title: String, isOn: Bool)>(("", false))
}
