namespace Prison.Faults.Tests;

/// <summary>
/// The tests that stop a RabbitMQ node: one private node serves them all, one test after another (a node's start is the
/// slow part of each). Each test uses queues of its own prefix and finds the node started.
/// </summary>
[CollectionDefinition(nameof(BrokerOutages))]
public sealed class BrokerOutages : ICollectionFixture<OutageBroker>;
