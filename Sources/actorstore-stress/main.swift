import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Everything lives in StressCommand, so that the tests run the same code in-process.
// Before anything allocates: large freed buffers go back to the system, so that peak memory
// reflects what the scenarios hold (see ProcessMemory).
ProcessMemory.returnLargeBlocksWhenFreed()
let console = StandardConsole()
let stop = StopRequest()
let signalSources = stop.installSignalHandlers(console: console)
let status = await StressCommand.run(arguments: Array(CommandLine.arguments.dropFirst()), console: console, stop: stop)
for source in signalSources { source.cancel() }
exit(status.rawValue)
