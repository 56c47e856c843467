#if canImport(UIKit)
  import Foundation
  import UIKit

  /// The cell a ``DeclaredCollectionViewAdapter`` registers for every ``ItemKind``: it holds the
  /// host the kind's first item made, and shows it when the host is a `UIView` (laid out to fill
  /// the content view).
  @MainActor
  public final class DeclaredItemCollectionCell: UICollectionViewCell, DeclaredItemCell {
    /// The host installed by the driver, or `nil` before the first item.
    public private(set) var installedHost: AnyObject?

    /// Installs `host`; a `UIView` host is added to the content view, resizing with it.
    /// - Parameter host: The host made by the cell's first item.
    public func installHost(_ host: AnyObject) {
      installedHost = host
      guard let view = host as? UIView else { return }
      view.frame = contentView.bounds
      view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      contentView.addSubview(view)
    }
  }

  /// Runs a ``DeclaredCollection`` in a `UICollectionView`, like Epoxy's
  /// `setSections(_:animated:)`: it becomes the view's data source and delegate and forwards
  /// every call to a ``DeclaredCollectionDriver``, which holds all the logic.
  ///
  /// ```swift
  /// let adapter = DeclaredCollectionViewAdapter<String, Int>(collectionView: collectionView)
  /// adapter.setSections(collection, animated: true)
  /// ```
  ///
  /// Items' hosts should be `UIView`s (``ItemHost`` or ``StoreHost`` views); each is made once
  /// per cell by the item's `makeHost` and reused for items of its kind.
  @MainActor
  public final class DeclaredCollectionViewAdapter<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>:
    NSObject, UICollectionViewDataSource, UICollectionViewDelegate
  {
    /// The logic: what is shown, reuse identifiers, binding, behaviours, queueing.
    public let driver: DeclaredCollectionDriver<SectionID, ItemID>
    private static var placeholderIdentifier: String { "ActorStore.DeclaredCollectionViewAdapter.placeholder" }

    /// Becomes `collectionView`'s data source and delegate.
    /// - Parameter collectionView: The view; held weakly.
    public init(collectionView: UICollectionView) {
      let list = CollectionViewBatchList(collectionView)
      driver = DeclaredCollectionDriver(list: list)
      super.init()
      // Answers a request outside the shown collection (a UIKit bug or a stale path) with an
      // empty cell rather than a crash.
      list.registerCell(reuseIdentifier: Self.placeholderIdentifier)
      collectionView.dataSource = self
      collectionView.delegate = self
    }

    /// Shows `collection` (see ``DeclaredCollectionDriver/setSections(_:animated:completion:)``).
    /// - Parameters:
    ///   - collection: The new collection.
    ///   - animated: Whether the batch animates.
    ///   - completion: Called when the batch showing it completes.
    public func setSections(
      _ collection: DeclaredCollection<SectionID, ItemID>, animated: Bool, completion: (() -> Void)? = nil
    ) {
      driver.setSections(collection, animated: animated, completion: completion)
    }

    /// Shows `sections`.
    /// - Parameters:
    ///   - sections: The sections, in order.
    ///   - animated: Whether the batch animates.
    public func setSections(_ sections: [SectionModel<SectionID, ItemID>], animated: Bool) {
      driver.setSections(sections, animated: animated)
    }

    /// Forwards to the driver.
    /// - Parameter collectionView: The view.
    /// - Returns: The number of sections shown.
    public func numberOfSections(in collectionView: UICollectionView) -> Int { driver.numberOfSections }

    /// Forwards to the driver.
    /// - Parameters:
    ///   - collectionView: The view.
    ///   - section: A section index.
    /// - Returns: Its item count.
    public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
      driver.numberOfItems(inSection: section)
    }

    /// Dequeues the item's kind's cell and lets the driver configure it (binding its store).
    /// - Parameters:
    ///   - collectionView: The view.
    ///   - indexPath: The item's path.
    /// - Returns: The cell.
    public func collectionView(
      _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
    ) -> UICollectionViewCell {
      let path = ItemPath(indexPath)
      let identifier = driver.reuseIdentifier(at: path) ?? Self.placeholderIdentifier
      let cell = collectionView.dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
      if let cell = cell as? DeclaredItemCollectionCell, identifier != Self.placeholderIdentifier {
        driver.configure(cell, at: path)
      }
      return cell
    }

    /// Forwards `willDisplay` to the driver.
    /// - Parameters:
    ///   - collectionView: The view.
    ///   - cell: The cell about to appear.
    ///   - indexPath: Its path.
    public func collectionView(
      _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {
      guard let cell = cell as? DeclaredItemCollectionCell else { return }
      driver.willDisplay(cell, at: ItemPath(indexPath))
    }

    /// Forwards `didEndDisplaying` to the driver, which finds the item by cell, not by path.
    /// - Parameters:
    ///   - collectionView: The view.
    ///   - cell: The cell that left.
    ///   - indexPath: Its path before the change that removed it; unused.
    public func collectionView(
      _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {
      guard let cell = cell as? DeclaredItemCollectionCell else { return }
      driver.didEndDisplaying(cell)
    }

    /// Forwards selection to the driver.
    /// - Parameters:
    ///   - collectionView: The view.
    ///   - indexPath: The selected path.
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
      driver.didSelectItem(at: ItemPath(indexPath))
    }
  }
#endif
