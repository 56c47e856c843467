#if canImport(UIKit)
  // Apple platforms only: thin forwarding from the BatchUpdatingList seam to UIKit. Every
  // decision (what to issue, when, in which coordinates) is made by the Linux-tested types.
  import Foundation
  import UIKit

  /// A `UICollectionView` as a ``BatchUpdatingList`` (and a ``DeclaredCollectionList``, whose
  /// cells are ``DeclaredItemCollectionCell``s): converts paths to `IndexPath`s and section
  /// lists to `IndexSet`s, and runs non-animated batches inside
  /// `UIView.performWithoutAnimation`.
  ///
  /// An adapter rather than a conformance of `UICollectionView` itself: the seam's
  /// `[Int]`/``ItemPath`` overloads on the view would make `collectionView.deleteSections([])`
  /// ambiguous in app code. Holds the view weakly; calls on a released view do nothing.
  @MainActor
  public final class CollectionViewBatchList: DeclaredCollectionList {
    /// The collection view driven.
    public private(set) weak var collectionView: UICollectionView?

    /// Wraps `collectionView`.
    /// - Parameter collectionView: The view.
    public init(_ collectionView: UICollectionView) {
      self.collectionView = collectionView
    }

    /// `performBatchUpdates(_:completion:)`, inside `UIView.performWithoutAnimation` when not
    /// animated.
    /// - Parameters:
    ///   - animated: Whether the batch animates.
    ///   - updates: Runs synchronously inside the batch.
    ///   - completion: Runs when the batch's animations end.
    public func performBatchUpdates(
      animated: Bool, _ updates: @escaping () -> Void, completion: @escaping (Bool) -> Void
    ) {
      guard let collectionView else {
        // No view: nothing reads counts; run the swap so the model stays current.
        updates()
        completion(false)
        return
      }
      if animated {
        collectionView.performBatchUpdates({ updates() }, completion: { completion($0) })
      } else {
        UIView.performWithoutAnimation {
          collectionView.performBatchUpdates({ updates() }, completion: { completion($0) })
        }
      }
    }

    /// `deleteSections(_:)`.
    /// - Parameter sections: Old indexes.
    public func deleteSections(_ sections: [Int]) { collectionView?.deleteSections(IndexSet(sections)) }
    /// `insertSections(_:)`.
    /// - Parameter sections: New indexes.
    public func insertSections(_ sections: [Int]) { collectionView?.insertSections(IndexSet(sections)) }
    /// `moveSection(_:toSection:)`.
    /// - Parameters:
    ///   - section: Old index.
    ///   - newSection: New index.
    public func moveSection(_ section: Int, toSection newSection: Int) {
      collectionView?.moveSection(section, toSection: newSection)
    }
    /// `deleteItems(at:)`.
    /// - Parameter paths: Old paths.
    public func deleteItems(at paths: [ItemPath]) { collectionView?.deleteItems(at: paths.map(IndexPath.init)) }
    /// `insertItems(at:)`.
    /// - Parameter paths: New paths.
    public func insertItems(at paths: [ItemPath]) { collectionView?.insertItems(at: paths.map(IndexPath.init)) }
    /// `moveItem(at:to:)`.
    /// - Parameters:
    ///   - path: Old path.
    ///   - newPath: New path.
    public func moveItem(at path: ItemPath, to newPath: ItemPath) {
      collectionView?.moveItem(at: IndexPath(path), to: IndexPath(newPath))
    }
    /// `reconfigureItems(at:)`.
    /// - Parameter paths: Old paths inside a batch, current ones outside.
    public func reconfigureItems(at paths: [ItemPath]) {
      collectionView?.reconfigureItems(at: paths.map(IndexPath.init))
    }
    /// `reloadData()`.
    public func reloadData() { collectionView?.reloadData() }

    /// Registers ``DeclaredItemCollectionCell`` for `reuseIdentifier`.
    /// - Parameter reuseIdentifier: An identifier made by a ``DeclaredCollectionDriver``.
    public func registerCell(reuseIdentifier: String) {
      collectionView?.register(DeclaredItemCollectionCell.self, forCellWithReuseIdentifier: reuseIdentifier)
    }
  }

  /// A `UITableView` as a ``BatchUpdatingList``: rows for items, with one row animation for
  /// every change; non-animated batches run inside `UIView.performWithoutAnimation`. Holds the
  /// view weakly.
  @MainActor
  public final class TableViewBatchList: BatchUpdatingList {
    /// The table view driven.
    public private(set) weak var tableView: UITableView?
    /// The animation of inserted, deleted and reloaded rows and sections.
    public var rowAnimation: UITableView.RowAnimation

    /// Wraps `tableView`.
    /// - Parameters:
    ///   - tableView: The view.
    ///   - rowAnimation: The animation of inserts and deletes; `.automatic` by default.
    public init(_ tableView: UITableView, rowAnimation: UITableView.RowAnimation = .automatic) {
      self.tableView = tableView
      self.rowAnimation = rowAnimation
    }

    /// `performBatchUpdates(_:completion:)`, inside `UIView.performWithoutAnimation` when not
    /// animated.
    /// - Parameters:
    ///   - animated: Whether the batch animates.
    ///   - updates: Runs synchronously inside the batch.
    ///   - completion: Runs when the batch's animations end.
    public func performBatchUpdates(
      animated: Bool, _ updates: @escaping () -> Void, completion: @escaping (Bool) -> Void
    ) {
      guard let tableView else {
        updates()
        completion(false)
        return
      }
      if animated {
        tableView.performBatchUpdates({ updates() }, completion: { completion($0) })
      } else {
        UIView.performWithoutAnimation {
          tableView.performBatchUpdates({ updates() }, completion: { completion($0) })
        }
      }
    }

    /// `deleteSections(_:with:)`.
    /// - Parameter sections: Old indexes.
    public func deleteSections(_ sections: [Int]) { tableView?.deleteSections(IndexSet(sections), with: rowAnimation) }
    /// `insertSections(_:with:)`.
    /// - Parameter sections: New indexes.
    public func insertSections(_ sections: [Int]) { tableView?.insertSections(IndexSet(sections), with: rowAnimation) }
    /// `moveSection(_:toSection:)`.
    /// - Parameters:
    ///   - section: Old index.
    ///   - newSection: New index.
    public func moveSection(_ section: Int, toSection newSection: Int) {
      tableView?.moveSection(section, toSection: newSection)
    }
    /// `deleteRows(at:with:)`.
    /// - Parameter paths: Old paths.
    public func deleteItems(at paths: [ItemPath]) {
      tableView?.deleteRows(at: paths.map(IndexPath.init), with: rowAnimation)
    }
    /// `insertRows(at:with:)`.
    /// - Parameter paths: New paths.
    public func insertItems(at paths: [ItemPath]) {
      tableView?.insertRows(at: paths.map(IndexPath.init), with: rowAnimation)
    }
    /// `moveRow(at:to:)`.
    /// - Parameters:
    ///   - path: Old path.
    ///   - newPath: New path.
    public func moveItem(at path: ItemPath, to newPath: ItemPath) {
      tableView?.moveRow(at: IndexPath(path), to: IndexPath(newPath))
    }
    /// `reconfigureRows(at:)`.
    /// - Parameter paths: Old paths inside a batch, current ones outside.
    public func reconfigureItems(at paths: [ItemPath]) { tableView?.reconfigureRows(at: paths.map(IndexPath.init)) }
    /// `reloadData()`.
    public func reloadData() { tableView?.reloadData() }
  }

  extension CollectionUpdateApplier {
    /// Creates an applier driving `collectionView` (through a ``CollectionViewBatchList``).
    /// - Parameters:
    ///   - collectionView: The view; its data source must answer from ``snapshot``.
    ///   - snapshot: What it shows now.
    public convenience init(collectionView: UICollectionView, snapshot: Snapshot<SectionID, ItemID> = Snapshot()) {
      self.init(list: CollectionViewBatchList(collectionView), snapshot: snapshot)
    }

    /// Creates an applier driving `tableView` (through a ``TableViewBatchList``).
    /// - Parameters:
    ///   - tableView: The view; its data source must answer from ``snapshot``.
    ///   - rowAnimation: The animation of inserts and deletes.
    ///   - snapshot: What it shows now.
    public convenience init(
      tableView: UITableView, rowAnimation: UITableView.RowAnimation = .automatic,
      snapshot: Snapshot<SectionID, ItemID> = Snapshot()
    ) {
      self.init(list: TableViewBatchList(tableView, rowAnimation: rowAnimation), snapshot: snapshot)
    }
  }
#endif
