<?php
// Test-only stand-ins (piazza's own code, not upstream) for operators whose real code needs eZ Tags
// and a database: openpa_bootstrapitalia's tag_root_from_attribute_identifier and privacy_states
// (autoloads/openpabootstrapitaliaoperators.php), and api_tagtree.
// eZTemplate points every name of an operator class at its object when the class is first used
// (lib/eztemplate/classes/eztemplate.php), so the stand-in is a decorator of the theme's class
// registered for all its names: the theme's other operators run as they are, and both the theme's
// template and piazza's read the same tree (tagtree.json beside this file).
require_once __DIR__ . '/tagtreeoperators.php';
$eZTemplateOperatorArray = [];
$eZTemplateOperatorArray[] = [
    'script' => __DIR__ . '/tagtreeoperators.php',
    'class' => 'PiazzaTestTagTreeOperators',
    'operator_names' => (new PiazzaTestTagTreeOperators())->operatorList(),
];
