<?php
// See eztemplateautoload.php. A tag is what the templates read of it: id, keyword, hasChildren,
// children (an array of tags).
class PiazzaTestTagTreeOperators
{
    private $theme;
    private const OWN = ['tag_root_from_attribute_identifier', 'api_tagtree', 'privacy_states'];
    function __construct() { $this->theme = new OpenPABootstrapItaliaOperators(); }
    function operatorList() { return array_values(array_unique(array_merge($this->theme->operatorList(), self::OWN))); }
    function namedParameterPerOperator() { return true; }
    function namedParameterList()
    {
        return array_merge($this->theme->namedParameterList(), [
            'tag_root_from_attribute_identifier' => ['attribute_identifier' => ['type' => 'string', 'required' => true, 'default' => false]],
            'api_tagtree' => ['root' => ['type' => 'mixed', 'required' => true, 'default' => false]],
        ]);
    }
    function modify($tpl, $operatorName, $operatorParameters, $rootNamespace, $currentNamespace, &$operatorValue, $namedParameters, $placement = null)
    {
        if (!in_array($operatorName, self::OWN, true)) {
            return $this->theme->modify($tpl, $operatorName, $operatorParameters, $rootNamespace, $currentNamespace, $operatorValue, $namedParameters, $placement);
        }
        if ($operatorName === 'privacy_states') {
            // the content state groups (a database): the public state's id is all a block reads
            $operatorValue = ['privacy.public' => ['id' => 7, 'identifier' => 'public'], 'privacy.private' => ['id' => 8, 'identifier' => 'private']];
            return;
        }
        $tree = json_decode(file_get_contents(__DIR__ . '/tagtree.json'), true);
        if ($operatorName === 'tag_root_from_attribute_identifier') {
            // the tree's root for the fields it names, no root (false) for the others
            $operatorValue = in_array($namedParameters['attribute_identifier'], $tree['fields'], true) ? $tree['root']['id'] : false;
        } else {
            $operatorValue = $tree['root'];
        }
    }
}
