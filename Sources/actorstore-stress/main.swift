import Dispatch
import Glibc

// Everything lives in StressCommand, so that the tests run the same code in-process.
let console = StandardConsole()
let stop = StopRequest()
let signalSource = stop.installSignalHandler(console: console)
let status = await StressCommand.run(arguments: Array(CommandLine.arguments.dropFirst()), console: console, stop: stop)
signalSource.cancel()
exit(status.rawValue)
