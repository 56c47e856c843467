// swift-tools-version: 6.2
import PackageDescription

let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
  .treatAllWarnings(as: .error),
]

let package = Package(
  name: "ActorStore",
  // The lowest versions whose runtime has what every target uses unconditionally: `Mutex` and
  // `Atomic` (Synchronization), `TaskExecutor` and `Task(executorPreference:)`. No cheaper
  // fallback exists for them (README: "Platforms").
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "ActorStore", targets: ["ActorStore"]),
    .library(name: "ActorStoreTesting", targets: ["ActorStoreTesting"]),
    .executable(name: "actorstore-stress", targets: ["actorstore-stress"]),
  ],
  targets: [
    .target(name: "ActorStore", swiftSettings: strictSettings),
    .target(name: "ActorStoreTesting", dependencies: ["ActorStore"], swiftSettings: strictSettings),
    .executableTarget(
      name: "actorstore-stress",
      dependencies: ["ActorStore", "ActorStoreTesting"],
      swiftSettings: strictSettings
    ),
    .target(
      name: "FavouriteCharacters",
      dependencies: ["ActorStore"],
      path: "Sources/Examples/FavouriteCharacters",
      swiftSettings: strictSettings
    ),
    .target(
      name: "CountryPicker",
      dependencies: ["ActorStore"],
      path: "Sources/Examples/CountryPicker",
      swiftSettings: strictSettings
    ),
    .target(
      name: "SettingsScreen",
      dependencies: ["ActorStore"],
      path: "Sources/Examples/SettingsScreen",
      swiftSettings: strictSettings
    ),
    .target(
      name: "Notebook",
      dependencies: ["ActorStore"],
      path: "Sources/Examples/Notebook",
      swiftSettings: strictSettings
    ),
    .testTarget(name: "ActorStoreTests", dependencies: ["ActorStore"], swiftSettings: strictSettings),
    .testTarget(
      name: "ActorStoreTestingTests",
      dependencies: [
        "ActorStore", "ActorStoreTesting", "FavouriteCharacters", "CountryPicker", "SettingsScreen", "Notebook",
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(name: "ActorStressTests", dependencies: ["actorstore-stress"], swiftSettings: strictSettings),
  ],
  swiftLanguageModes: [.v6]
)
