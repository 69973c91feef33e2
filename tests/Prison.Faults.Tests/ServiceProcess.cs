using System.Diagnostics;
using System.Text;
using System.Text.RegularExpressions;

namespace Prison.Faults.Tests;

/// <summary>
/// web or the worker service as a separate process (<c>dotnet Prison.Web.dll</c>, <c>dotnet Prison.Worker.dll run</c>),
/// as an orchestrator runs it: its own connections, its own environment, and killed without warning if need be.
/// </summary>
public sealed partial class ServiceProcess : IAsyncDisposable
{
    private readonly Process _process;
    private readonly StringBuilder _output = new();

    private ServiceProcess(Process process) => _process = process;

    public int ProcessId => _process.Id;

    /// <summary>Where the service answers HTTP (its health endpoints, and web's pages), once started.</summary>
    public Uri Address { get; private set; } = null!;

    /// <summary>Everything the process printed so far, for failure messages.</summary>
    public string Output
    {
        get
        {
            lock (_output)
            {
                return _output.ToString();
            }
        }
    }

    /// <summary>Starts the service and waits until its health endpoint says it is ready (its bus has bound its queues).</summary>
    /// <param name="program">The app's dll beside the test assembly: <c>Prison.Web.dll</c>, or <see cref="WorkerProcess.Dll"/> (a whole path).</param>
    /// <param name="environment">Variables set for this process only, over the test's own.</param>
    public static async Task<ServiceProcess> StartAsync(string program, IEnumerable<string> arguments, IReadOnlyDictionary<string, string> environment)
    {
        var start = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true, WorkingDirectory = AppContext.BaseDirectory };
        foreach (var (name, value) in environment)
        {
            start.Environment[name] = value;
        }

        start.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, program));
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        var service = new ServiceProcess(Process.Start(start)!);
        try
        {
            service._process.OutputDataReceived += (_, line) => service.Append(line.Data);
            service._process.ErrorDataReceived += (_, line) => service.Append(line.Data);
            service._process.BeginOutputReadLine();
            service._process.BeginErrorReadLine();
            await service.ReadyAsync(program);
            return service;
        }
        catch
        {
            await service.DisposeAsync();
            throw;
        }
    }

    /// <summary>SIGKILL: no shutdown, no acknowledgement, as when a machine dies.</summary>
    public void Kill()
    {
        _process.Kill(entireProcessTree: true);
        _process.WaitForExit(TimeSpan.FromSeconds(10));
    }

    public async ValueTask DisposeAsync()
    {
        if (!_process.HasExited)
        {
            _process.Kill(entireProcessTree: true);
            using var patience = new CancellationTokenSource(TimeSpan.FromSeconds(10));
            await _process.WaitForExitAsync(patience.Token);
        }

        _process.Dispose();
    }

    private void Append(string? line)
    {
        if (line is not null)
        {
            lock (_output)
            {
                _output.AppendLine(line);
            }
        }
    }

    private async Task ReadyAsync(string program)
    {
        // Kestrel was asked for any free port; the host logs the one it got. A worker started after one was killed while
        // it held the schedule's lock waits for Jobs:TakeOverAfter (a minute by default) before it listens.
        string? address;
        try
        {
            address = await Eventually.Async(
                () => Task.FromResult(ListeningOn().Match(Output) is { Success: true } match ? match.Groups[1].Value : (_process.HasExited ? "exited" : null)),
                found => found is not null,
                $"the {program} process to listen",
                TimeSpan.FromSeconds(150));
        }
        catch (TimeoutException timeout)
        {
            throw new TimeoutException($"{timeout.Message}. It printed:\n{Output}", timeout);
        }

        if (address == "exited")
        {
            throw new InvalidOperationException($"The {program} process exited with {_process.ExitCode}:\n{Output}");
        }

        Address = new Uri(address!);
        using var client = new HttpClient { BaseAddress = Address };
        await Eventually.Async(
            async () =>
            {
                try
                {
                    using var response = await client.GetAsync("/health/ready");
                    return $"{(int)response.StatusCode} {await response.Content.ReadAsStringAsync()}";
                }
                catch (HttpRequestException error)
                {
                    return error.Message;
                }
            },
            answer => answer.StartsWith("200 {\"status\":\"Healthy\"", StringComparison.Ordinal),
            $"the {program} process at {address} to be ready",
            TimeSpan.FromSeconds(60));
    }

    [GeneratedRegex(@"Now listening on: (http://\S+)")]
    private static partial Regex ListeningOn();
}
